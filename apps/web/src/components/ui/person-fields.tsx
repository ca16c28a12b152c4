import type { InputHTMLAttributes } from "react";
import { TextField } from "./text-field.tsx";

type FieldSpec<Name extends string> = {
  name: Name;
  label: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "autoComplete" | "placeholder">;

type FieldGroupProps<Name extends string> = {
  values: Record<Name, string>;
  onChange: (field: Name) => (event: { target: { value: string } }) => void;
  errors: Partial<Record<string, string>>;
};

const NAME_FIELDS: FieldSpec<"firstName" | "lastName">[] = [
  { name: "firstName", label: "First name", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", autoComplete: "family-name" },
];

const SOCIAL_LINK_FIELDS: FieldSpec<"instagramLink" | "otherLink">[] = [
  {
    name: "instagramLink",
    label: "Instagram link",
    type: "url",
    placeholder: "https://instagram.com/you",
  },
  { name: "otherLink", label: "Other link", type: "url", placeholder: "https://" },
];

function FieldGroup<Name extends string>({
  fields,
  values,
  onChange,
  errors,
}: FieldGroupProps<Name> & { fields: FieldSpec<Name>[] }) {
  return fields.map(({ name, ...spec }) => (
    <TextField
      key={name}
      name={name}
      {...spec}
      value={values[name]}
      onChange={onChange(name)}
      error={errors[name]}
    />
  ));
}

/** First and last name, as signup and the profile editor both ask them; the caller lays them out. */
export function NameFields(props: FieldGroupProps<"firstName" | "lastName">) {
  return <FieldGroup fields={NAME_FIELDS} {...props} />;
}

/** The two social links of a profile. */
export function SocialLinkFields(props: FieldGroupProps<"instagramLink" | "otherLink">) {
  return <FieldGroup fields={SOCIAL_LINK_FIELDS} {...props} />;
}
