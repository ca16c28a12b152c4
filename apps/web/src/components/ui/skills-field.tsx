import { MAX_LEARNING, MIN_SKILLS } from "@kindred/shared/constants";
import { t } from "@lingui/core/macro";
import {
  type Control,
  Controller,
  type FieldError,
  type FieldPath,
  type FieldValues,
} from "react-hook-form";
import { MESSAGES } from "@/config/copy.ts";
import { TagInput } from "./tag-input.tsx";

type SkillsFieldProps<Values extends FieldValues, Output extends FieldValues> = {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
};

/**
 * The message of a list's error: the list's own (too many), else the first skill's (a skill made
 * only of invisible characters), which react-hook-form keeps by index.
 */
function listMessage(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  const items = Object.values(error as unknown as Record<string, { message?: string } | undefined>);
  return items.find((item) => typeof item?.message === "string")?.message;
}

/**
 * The skills tag input bound to a form. Too few tags is said in the specification's words, at
 * the field as well as by the screen's toast (see useMinTagsToast).
 */
export function SkillsField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
}: SkillsFieldProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const tags: string[] = field.value ?? [];
        return (
          <TagInput
            label={t`Skills and interests`}
            tags={tags}
            onChange={field.onChange}
            onBlur={field.onBlur}
            description={t`Press Enter, Tab or a comma to add each one; at least 3.`}
            error={
              fieldState.error && tags.length < MIN_SKILLS
                ? MESSAGES.minTags
                : listMessage(fieldState.error)
            }
          />
        );
      }}
    />
  );
}

/** What the person wants to learn: the same tag input and suggestions, optional, up to 20. */
export function LearningField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
}: SkillsFieldProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TagInput
          label={t`Want to learn`}
          placeholder={MESSAGES.learningPlaceholder}
          tags={field.value ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          description={`Optional: skills you would like someone to teach you; up to ${MAX_LEARNING}.`}
          error={listMessage(fieldState.error)}
        />
      )}
    />
  );
}
