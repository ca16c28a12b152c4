import { MIN_SKILLS } from "@kindred/shared/constants";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { MESSAGES } from "@/config/copy.ts";
import { TagInput } from "./tag-input.tsx";

type SkillsFieldProps<Values extends FieldValues, Output extends FieldValues> = {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
};

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
            label="Skills and interests"
            tags={tags}
            onChange={field.onChange}
            onBlur={field.onBlur}
            description="Press Enter, Tab or a comma to add each one; at least 3."
            error={
              fieldState.error && tags.length < MIN_SKILLS
                ? MESSAGES.minTags
                : fieldState.error?.message
            }
          />
        );
      }}
    />
  );
}
