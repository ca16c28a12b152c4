import { TextField } from "./text-field.tsx";

type ChangeHandler<Field extends string> = (
  field: Field,
) => (event: { target: { value: string } }) => void;

type FieldPairProps<Field extends string> = {
  values: Record<Field, string>;
  onChange: ChangeHandler<Field>;
  errors: Partial<Record<string, string>>;
};

/** First and last name, as signup and the profile editor both ask them; the caller lays them out. */
export function NameFields({ values, onChange, errors }: FieldPairProps<"firstName" | "lastName">) {
  return (
    <>
      <TextField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        value={values.firstName}
        onChange={onChange("firstName")}
        error={errors.firstName}
      />
      <TextField
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        value={values.lastName}
        onChange={onChange("lastName")}
        error={errors.lastName}
      />
    </>
  );
}

/** The two social links of a profile. */
export function SocialLinkFields({
  values,
  onChange,
  errors,
}: FieldPairProps<"instagramLink" | "otherLink">) {
  return (
    <>
      <TextField
        label="Instagram link"
        type="url"
        name="instagramLink"
        placeholder="https://instagram.com/you"
        value={values.instagramLink}
        onChange={onChange("instagramLink")}
        error={errors.instagramLink}
      />
      <TextField
        label="Other link"
        type="url"
        name="otherLink"
        placeholder="https://"
        value={values.otherLink}
        onChange={onChange("otherLink")}
        error={errors.otherLink}
      />
    </>
  );
}
