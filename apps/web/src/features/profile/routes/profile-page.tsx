import {
  GENDER_TOAST_MS,
  GENDERS,
  MESSAGES,
  type Me,
  MIN_SKILLS,
  SAVE_TOAST_MS,
} from "@kindred/shared";
import { Link2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { NameFields, SocialLinkFields } from "../../../components/ui/person-fields.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { TagInput, useMinTagsToast } from "../../../components/ui/tag-input.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { UserCard } from "../../../components/ui/user-card.tsx";
import { errorMessageOf, fieldErrorsOf } from "../../../lib/api-client.ts";
import { useMe } from "../../../lib/get-me.ts";
import { useEditProfile } from "../api/edit-profile.ts";
import { useCopyProfileUrl } from "../api/generate-public-url.ts";

type ProfileForm = {
  firstName: string;
  lastName: string;
  photoUrl: string;
  age: string;
  gender: string;
  about: string;
  instagramLink: string;
  otherLink: string;
};

/** The server's generated avatar is not the user's own photo: the form starts empty for it. */
function ownPhotoUrl(photoUrl: string): string {
  return /^https?:\/\//i.test(photoUrl) ? photoUrl : "";
}

function toForm(me: Me): ProfileForm {
  return {
    firstName: me.firstName,
    lastName: me.lastName,
    photoUrl: ownPhotoUrl(me.photoUrl),
    age: me.age === null ? "" : String(me.age),
    gender: me.gender ?? "",
    about: me.about,
    instagramLink: me.instagramLink ?? "",
    otherLink: me.otherLink ?? "",
  };
}

export function ProfilePage() {
  const { data: me } = useMe();
  // The layout renders this screen only once the user is known.
  if (!me) return null;
  return <ProfileEditor me={me} />;
}

function ProfileEditor({ me }: { me: Me }) {
  const { showToast } = useToast();
  const showMinTags = useMinTagsToast();
  const copyProfileUrl = useCopyProfileUrl();
  const editMutation = useEditProfile();
  const [form, setForm] = useState<ProfileForm>(() => toForm(me));
  const [skills, setSkills] = useState<string[]>(me.skills);
  const genderId = useId();
  const aboutId = useId();

  function update(field: keyof ProfileForm) {
    return (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [field]: event.target.value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(GENDERS as readonly string[]).includes(form.gender)) {
      showToast(MESSAGES.invalidGender, { variant: "error", durationMs: GENDER_TOAST_MS });
      return;
    }
    if (skills.length < MIN_SKILLS) {
      showMinTags();
      return;
    }
    editMutation.mutate(
      {
        firstName: form.firstName,
        lastName: form.lastName,
        photoUrl: form.photoUrl,
        age: form.age,
        gender: form.gender as (typeof GENDERS)[number],
        about: form.about,
        skills,
        instagramLink: form.instagramLink,
        otherLink: form.otherLink,
      },
      {
        onSuccess: () =>
          showToast(MESSAGES.profileSaved, { variant: "success", durationMs: SAVE_TOAST_MS }),
      },
    );
  }

  const fieldErrors = fieldErrorsOf(editMutation.error);
  const preview = {
    firstName: form.firstName,
    lastName: form.lastName,
    photoUrl: form.photoUrl.trim() || me.photoUrl,
    age: form.age,
    gender: form.gender,
    about: form.about,
    skills,
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Your profile</h1>
          <p className="text-base-content/70">This is what people see when they discover you.</p>
        </div>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => copyProfileUrl()}>
          <Link2 aria-hidden="true" className="size-4" />
          Copy Profile URL
        </button>
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_400px]">
        <form
          noValidate
          onSubmit={handleSubmit}
          aria-label="Edit profile"
          className="card border border-base-300 bg-base-100 shadow-sm"
        >
          <div className="card-body gap-1">
            <div className="grid gap-x-4 sm:grid-cols-2">
              <NameFields values={form} onChange={update} errors={fieldErrors} />
              <TextField
                label="Age"
                inputMode="numeric"
                value={form.age}
                onChange={update("age")}
                error={fieldErrors.age}
              />
              <div className="fieldset py-1">
                <label htmlFor={genderId} className="fieldset-legend pb-1">
                  Gender
                </label>
                <select
                  id={genderId}
                  className={`select w-full ${fieldErrors.gender ? "select-error" : ""}`}
                  value={form.gender}
                  onChange={update("gender")}
                >
                  <option value="">Choose…</option>
                  {GENDERS.map((gender) => (
                    <option key={gender} value={gender}>
                      {gender}
                    </option>
                  ))}
                </select>
                {fieldErrors.gender ? (
                  <p className="text-error text-sm">{fieldErrors.gender}</p>
                ) : null}
              </div>
            </div>
            <TextField
              label="Photo URL"
              type="url"
              placeholder="https://"
              hint="Leave empty to use a generated avatar."
              value={form.photoUrl}
              onChange={update("photoUrl")}
              error={fieldErrors.photoUrl}
            />
            <div className="fieldset py-1">
              <label htmlFor={aboutId} className="fieldset-legend pb-1">
                About
              </label>
              <textarea
                id={aboutId}
                rows={4}
                className={`textarea w-full ${fieldErrors.about ? "textarea-error" : ""}`}
                value={form.about}
                onChange={update("about")}
              />
              {fieldErrors.about ? <p className="text-error text-sm">{fieldErrors.about}</p> : null}
            </div>
            <TagInput
              label="Skills and interests"
              tags={skills}
              onChange={setSkills}
              description="Press Enter or Tab to add each one; at least 3."
              error={fieldErrors.skills}
            />
            <div className="grid gap-x-4 sm:grid-cols-2">
              <SocialLinkFields values={form} onChange={update} errors={fieldErrors} />
            </div>
            <div className="mt-4 flex flex-col gap-3">
              <SubmitButton pending={editMutation.isPending} className="sm:w-40">
                Save
              </SubmitButton>
              {editMutation.isError ? (
                <p role="alert" className="text-error">
                  {errorMessageOf(editMutation.error, MESSAGES.somethingWrong)}
                </p>
              ) : null}
            </div>
          </div>
        </form>
        <aside
          aria-label="Live preview"
          className="flex flex-col items-center gap-3 lg:sticky lg:top-20"
        >
          <p className="text-sm font-semibold uppercase tracking-wide text-base-content/60">
            Live preview
          </p>
          <UserCard user={preview} className="mx-auto" />
        </aside>
      </div>
    </div>
  );
}
