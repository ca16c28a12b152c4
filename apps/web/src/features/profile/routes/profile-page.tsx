import {
  ABOUT_MAX_LENGTH,
  GENDERS,
  type Me,
  MIN_SKILLS,
  type ProfileEditBody,
  profileEditBodySchema,
} from "@kindred/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link2 } from "lucide-react";
import { useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { PhotoPicker } from "@/components/photo/photo-picker.tsx";
import { usePhotoDraft } from "@/components/photo/use-photo-draft.ts";
import { FormError, InputField, SelectField, TextareaField } from "@/components/ui/field.tsx";
import { NameFields, SocialLinkFields } from "@/components/ui/person-fields.tsx";
import { LearningField, SkillsField } from "@/components/ui/skills-field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { useMinTagsToast } from "@/components/ui/tag-input.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { UserCard } from "@/components/ui/user-card.tsx";
import { MESSAGES, PHOTO_MESSAGES } from "@/config/copy.ts";
import { GENDER_TOAST_MS, SAVE_TOAST_MS } from "@/config/ui.ts";
import { errorMessageOf } from "@/lib/api-client.ts";
import { cn } from "@/lib/cn.ts";
import { changedValues, showServerError, useZodForm } from "@/lib/form.ts";
import { useMe } from "@/lib/get-me.ts";
import { useRemovePhoto, useUploadPhoto } from "@/lib/profile-photo.ts";
import { useEditProfile } from "../api/edit-profile.ts";
import { useCopyProfileUrl } from "../api/generate-public-url.ts";

/** The option labels, in the words the form has always shown (lower case, as the values). */
const GENDER_LABELS: Record<(typeof GENDERS)[number], MessageDescriptor> = {
  male: msg`male`,
  female: msg`female`,
  other: msg`other`,
};

/** The server's generated avatar is not the user's own photo: the form starts empty for it. */
function ownPhotoUrl(photoUrl: string): string {
  return /^https?:\/\//i.test(photoUrl) ? photoUrl : "";
}

/** The form's values: everything as the person types it (age is free text). */
function toForm(me: Me) {
  return {
    firstName: me.firstName,
    lastName: me.lastName,
    photoUrl: ownPhotoUrl(me.photoUrl),
    age: me.age === null ? "" : String(me.age),
    gender: (me.gender ?? "") as ProfileEditBody["gender"],
    about: me.about,
    skills: me.skills,
    learning: me.learning,
    instagramLink: me.instagramLink ?? "",
    otherLink: me.otherLink ?? "",
  };
}

/** A watched list as skills: the form's draft types every item as possibly missing. */
function onlyText(list: readonly unknown[] | undefined): string[] {
  return list?.filter((item): item is string => typeof item === "string") ?? [];
}

export function ProfilePage() {
  const { data: me } = useMe();
  // The router's guard renders this screen only once the user is known.
  if (!me) return null;
  return <ProfileEditor me={me} />;
}

function ProfileEditor({ me }: { me: Me }) {
  const { t, i18n } = useLingui();
  const genderOptions = GENDERS.map((gender) => ({
    value: gender,
    label: i18n._(GENDER_LABELS[gender]),
  }));
  const showMinTags = useMinTagsToast();
  const copyProfileUrl = useCopyProfileUrl();
  const editMutation = useEditProfile();
  const form = useZodForm(profileEditBodySchema, { defaultValues: toForm(me) });
  const draft = useWatch({ control: form.control });
  // Read while rendering so react-hook-form keeps track of it (its form state is a proxy).
  const { dirtyFields } = form.formState;
  const photoDraft = usePhotoDraft();
  const uploadMutation = useUploadPhoto();
  const removeMutation = useRemovePhoto();
  // A failed save or removal, said until another file is chosen.
  // Phones show the form or the preview, one tab each; wide screens show both side by side.
  const tabsId = useId();
  const [view, setView] = useState<"edit" | "preview">("edit");
  const [photoFailure, setPhotoFailure] = useState<{ file: File | null; message: string }>();
  const photoError = photoFailure?.file === photoDraft.file ? photoFailure.message : null;

  function failPhoto(error: unknown, fallback: string) {
    const message = errorMessageOf(error, fallback);
    setPhotoFailure({ file: photoDraft.file, message });
    showToast(message, { variant: "error" });
  }

  function savePhoto() {
    if (!photoDraft.upload) return;
    setPhotoFailure(undefined);
    uploadMutation.mutate(photoDraft.upload, {
      onSuccess: () => {
        photoDraft.clear();
        showToast(PHOTO_MESSAGES.saved, { variant: "success" });
      },
      onError: (error) => failPhoto(error, PHOTO_MESSAGES.saveFailed),
    });
  }

  function removeOwnPhoto() {
    setPhotoFailure(undefined);
    removeMutation.mutate(undefined, {
      onSuccess: () => showToast(PHOTO_MESSAGES.removed, { variant: "success" }),
      onError: (error) => failPhoto(error, PHOTO_MESSAGES.removeFailed),
    });
  }

  const submit = form.handleSubmit(
    (values) => {
      const changed = changedValues(values, dirtyFields);
      const onSaved = (saved: Me) => {
        form.reset(toForm(saved));
        showToast(MESSAGES.profileSaved, { variant: "success", durationMs: SAVE_TOAST_MS });
      };
      if (Object.keys(changed).length === 0) {
        onSaved(me);
        return;
      }
      editMutation.mutate(changed, {
        onSuccess: onSaved,
        onError: (error) => showServerError(form, error, MESSAGES.somethingWrong),
      });
    },
    (errors) => {
      // The form must be on screen for its messages and the focus to be seen.
      setView("edit");
      // These two rules also answer with toasts, gender first.
      if (errors.gender) {
        showToast(MESSAGES.invalidGender, { variant: "error", durationMs: GENDER_TOAST_MS });
      } else if (errors.skills && (form.getValues("skills") ?? []).length < MIN_SKILLS) {
        showMinTags();
      }
    },
  );

  // The card shows the photo being cropped, else a pasted address, else the saved photo.
  const pastedUrl = typeof draft.photoUrl === "string" ? draft.photoUrl.trim() : "";
  const draftPhotoUrl = photoDraft.unreadable ? null : (photoDraft.previewUrl ?? photoDraft.url);
  const preview = {
    _id: me._id,
    firstName: draft.firstName ?? "",
    lastName: draft.lastName,
    photoUrl: draftPhotoUrl ?? (pastedUrl || me.photoUrl),
    photo: draftPhotoUrl || pastedUrl ? null : me.photo,
    age: draft.age === null || draft.age === undefined ? "" : String(draft.age),
    gender: draft.gender,
    about: draft.about,
    skills: onlyText(draft.skills),
    learning: onlyText(draft.learning),
    // Not a field of the form: proved in Settings, shown as the card will show it.
    campus: me.campus,
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">
            <Trans>Your profile</Trans>
          </h1>
          <p className="text-base-content/70">
            <Trans>This is what people see when they discover you.</Trans>
          </p>
        </div>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => copyProfileUrl()}>
          <Link2 aria-hidden="true" className="size-4" />
          <Trans>Copy Profile URL</Trans>
        </button>
      </div>
      <div
        role="tablist"
        aria-label={t`Profile view`}
        className="tabs tabs-box mb-4 w-fit bg-base-300 lg:hidden"
      >
        {(["edit", "preview"] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${tabsId}-${tab}-tab`}
            aria-controls={`${tabsId}-${tab}`}
            aria-selected={view === tab}
            className={cn("tab", view === tab && "tab-active")}
            onClick={() => setView(tab)}
          >
            {tab === "edit" ? t`Edit` : t`Preview`}
          </button>
        ))}
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_400px]">
        <form
          noValidate
          onSubmit={submit}
          aria-label={t`Edit profile`}
          id={`${tabsId}-edit`}
          className={cn(
            "card border border-base-300 bg-base-100 shadow-sm",
            view !== "edit" && "max-lg:hidden",
          )}
        >
          <div className="card-body gap-1">
            <div className="grid gap-x-4 sm:grid-cols-2">
              <NameFields control={form.control} />
              <InputField control={form.control} name="age" label={t`Age`} inputMode="numeric" />
              <SelectField
                control={form.control}
                name="gender"
                label={t`Gender`}
                placeholder={t`Choose…`}
                options={genderOptions}
              />
            </div>
            <PhotoPicker
              draft={photoDraft}
              hasPhoto={Boolean(me.photo)}
              onSave={savePhoto}
              saving={uploadMutation.isPending}
              onRemove={removeOwnPhoto}
              removing={removeMutation.isPending}
              error={photoError}
              className="mt-2 mb-2"
            />
            <InputField
              control={form.control}
              name="photoUrl"
              label={t`Photo URL`}
              type="url"
              // i18n-ignore
              placeholder="https://"
              hint={PHOTO_MESSAGES.urlHint}
            />
            <TextareaField
              control={form.control}
              name="about"
              label={t`About`}
              rows={4}
              maxLength={ABOUT_MAX_LENGTH}
            />
            {/* Side by side where there is room: what one knows beside what one wants to learn. */}
            <div className="grid gap-x-4 sm:grid-cols-2">
              <SkillsField control={form.control} name="skills" />
              <LearningField control={form.control} name="learning" />
            </div>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <SocialLinkFields control={form.control} />
            </div>
            <div className="mt-4 flex flex-col gap-3">
              <SubmitButton pending={editMutation.isPending} className="sm:w-40">
                <Trans>Save</Trans>
              </SubmitButton>
              <FormError control={form.control} className="mt-0" />
            </div>
          </div>
        </form>
        <aside
          aria-label={t`Live preview`}
          id={`${tabsId}-preview`}
          className={cn(
            "flex flex-col items-center gap-3 lg:sticky lg:top-20",
            view !== "preview" && "max-lg:hidden",
          )}
        >
          <p className="text-sm font-semibold uppercase tracking-wide text-base-content/60">
            <Trans>Live preview</Trans>
          </p>

          <UserCard user={preview} className="mx-auto" />
        </aside>
      </div>
    </div>
  );
}
