import { NAME_MAX_LENGTH } from "@kindred/shared/constants";
import { t } from "@lingui/core/macro";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { InputField, type InputFieldProps } from "./field.tsx";

type Spec = Omit<InputFieldProps<FieldValues, string>, "control">;

const nameFields = (): Spec[] => [
  {
    name: "firstName",
    label: t`First name`,
    autoComplete: "given-name",
    maxLength: NAME_MAX_LENGTH,
  },
  {
    name: "lastName",
    label: t`Last name`,
    autoComplete: "family-name",
    maxLength: NAME_MAX_LENGTH,
  },
];

const socialLinkFields = (): Spec[] => [
  {
    name: "instagramLink",
    label: t`Instagram link`,
    type: "url",
    placeholder: "https://instagram.com/you" /* i18n-ignore */,
  },
  { name: "otherLink", label: t`Other link`, type: "url", placeholder: "https://" },
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
  return <FieldGroup fields={nameFields()} {...props} />;
}

/** The two social links of a profile. */
export function SocialLinkFields<Values extends FieldValues, Output extends FieldValues>(
  props: GroupProps<Values, Output>,
) {
  return <FieldGroup fields={socialLinkFields()} {...props} />;
}
