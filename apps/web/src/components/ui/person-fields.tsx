import { NAME_MAX_LENGTH } from "@kindred/shared/constants";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { InputField, type InputFieldProps } from "./field.tsx";

type Spec = Omit<InputFieldProps<FieldValues, string>, "control">;

const NAME_FIELDS: Spec[] = [
  {
    name: "firstName",
    label: "First name",
    autoComplete: "given-name",
    maxLength: NAME_MAX_LENGTH,
  },
  { name: "lastName", label: "Last name", autoComplete: "family-name", maxLength: NAME_MAX_LENGTH },
];

const SOCIAL_LINK_FIELDS: Spec[] = [
  {
    name: "instagramLink",
    label: "Instagram link",
    type: "url",
    placeholder: "https://instagram.com/you",
  },
  { name: "otherLink", label: "Other link", type: "url", placeholder: "https://" },
];

type GroupProps<Values extends FieldValues, Output extends FieldValues> = {
  control: Control<Values, unknown, Output>;
};

function FieldGroup<Values extends FieldValues, Output extends FieldValues>({
  control,
  fields,
}: GroupProps<Values, Output> & { fields: Spec[] }) {
  return fields.map(({ name, ...spec }) => (
    <InputField key={name} control={control} name={name as FieldPath<Values>} {...spec} />
  ));
}

/** First and last name, as signup and the profile editor both ask them; the caller lays them out. */
export function NameFields<Values extends FieldValues, Output extends FieldValues>(
  props: GroupProps<Values, Output>,
) {
  return <FieldGroup fields={NAME_FIELDS} {...props} />;
}

/** The two social links of a profile. */
export function SocialLinkFields<Values extends FieldValues, Output extends FieldValues>(
  props: GroupProps<Values, Output>,
) {
  return <FieldGroup fields={SOCIAL_LINK_FIELDS} {...props} />;
}
