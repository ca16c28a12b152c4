import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import "react-easy-crop/react-easy-crop.css";
import { ImagePlus, Trash2, Upload } from "lucide-react";
import { type DragEvent, lazy, type ReactNode, Suspense, useId, useRef, useState } from "react";
import { PHOTO_MESSAGES } from "@/config/copy.ts";
import { PHOTO_ASPECT, PHOTO_ZOOM } from "@/config/ui.ts";
import { cn } from "@/lib/cn.ts";
import { PHOTO_ACCEPT } from "./check-photo-file.ts";
import type { PhotoDraft } from "./use-photo-draft.ts";

// The cropper is drawn only once a photo is chosen; the form draws without its code.
const Cropper = lazy(() => import("react-easy-crop"));

export type PhotoPickerProps = {
  draft: PhotoDraft;
  /** The person has an upload now: the button says Replace, and Remove is offered. */
  hasPhoto?: boolean;
  /** Saves the draft now (the profile); without it the draft waits for the form (signup). */
  onSave?: () => void;
  saving?: boolean;
  onRemove?: () => void;
  removing?: boolean;
  /** The server's answer to the last save or removal, shown as it came. */
  error?: string | null;
  /** Text under the heading (signup: that the photo is optional). */
  hint?: ReactNode;
  /** Shows the kept part beside the controls (signup, which has no preview card of its own). */
  showPreview?: boolean;
  className?: string;
};

/**
 * Choose or drop a photo, crop it to the card's shape (drag, arrow keys, zoom slider), then save
 * it or keep it for the form. The chosen file is sent as it is with the crop in its pixels.
 */
export function PhotoPicker({
  draft,
  hasPhoto = false,
  onSave,
  saving = false,
  onRemove,
  removing = false,
  error,
  hint,
  showPreview = false,
  className,
}: PhotoPickerProps) {
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(PHOTO_ZOOM.min);
  const [dragging, setDragging] = useState(false);
  const busy = saving || removing;
  const problem = draft.error ?? error ?? null;

  function openFiles() {
    inputRef.current?.click();
  }

  function take(file: File | undefined) {
    if (!file) return;
    setPosition({ x: 0, y: 0 });
    setZoom(PHOTO_ZOOM.min);
    draft.choose(file);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    take(event.dataTransfer.files[0]);
  }

  const ready = draft.file !== null && (draft.crop !== null || draft.unreadable);

  return (
    <section
      aria-labelledby={headingId}
      className={cn("flex flex-col gap-3", className)}
      onDragOver={(event) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <div>
        <h2 id={headingId} className="font-semibold">
          {PHOTO_MESSAGES.heading}
        </h2>
        {hint ? <p className="text-sm text-base-content/70">{hint}</p> : null}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={PHOTO_ACCEPT}
        aria-label={PHOTO_MESSAGES.choose}
        className="hidden"
        tabIndex={-1}
        onChange={(event) => {
          take(event.target.files?.[0]);
          // Choosing the same file again after Cancel still counts as a choice.
          event.target.value = "";
        }}
      />
      {draft.url ? (
        <div className="flex flex-col gap-3">
          {draft.unreadable ? (
            <p className="rounded-box border border-base-300 bg-base-200 p-4 text-sm">
              {PHOTO_MESSAGES.cannotShow}
            </p>
          ) : (
            <>
              <div
                className={cn(
                  "relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-box bg-neutral",
                  dragging && "ring-4 ring-primary",
                )}
              >
                <Suspense fallback={null}>
                  <Cropper
                    image={draft.url}
                    crop={position}
                    zoom={zoom}
                    minZoom={PHOTO_ZOOM.min}
                    maxZoom={PHOTO_ZOOM.max}
                    aspect={PHOTO_ASPECT}
                    // As tall as the box: the frame is the photo's full height (a wide photo
                    // runs past it on both sides, dimmed) and the photo moves under it.
                    objectFit="vertical-cover"
                    onCropChange={setPosition}
                    onZoomChange={setZoom}
                    onCropComplete={(_area, pixels) => draft.setCrop(pixels)}
                    // A drag moves the photo on the next animation frame, which can come after
                    // the mouse is released (and onCropComplete has sent the previous place):
                    // every move is kept, so the saved crop is the one the frame shows.
                    onCropAreaChange={(_area, pixels) => draft.setCrop(pixels)}
                    roundCropAreaPixels
                    // Its stylesheet is bundled with the app's: the CSP refuses inserted <style>.
                    disableAutomaticStylesInjection
                    zoomWithScroll
                    mediaProps={{ onError: draft.markUnreadable }}
                    // Through `classes`: a className in cropperProps would replace the frame's own
                    // classes, and the frame would lose its border and the dimmed outside. The
                    // library's unlayered rules outrank Tailwind's layers, hence the `!`.
                    classes={{
                      cropAreaClassName:
                        "border-2! border-white/90! focus-visible:outline-4 focus-visible:outline-primary",
                    }}
                    cropperProps={{ role: "group", "aria-label": PHOTO_MESSAGES.cropArea }}
                  />
                </Suspense>
              </div>
              <p className="text-center text-sm text-base-content/70">{PHOTO_MESSAGES.cropHint}</p>
              <label className="mx-auto flex w-full max-w-sm items-center gap-3 text-sm">
                <span className="font-medium">{PHOTO_MESSAGES.zoom}</span>
                <input
                  type="range"
                  className="range range-primary range-sm flex-1"
                  min={PHOTO_ZOOM.min}
                  max={PHOTO_ZOOM.max}
                  step={PHOTO_ZOOM.step}
                  value={zoom}
                  disabled={busy}
                  onChange={(event) => setZoom(Number(event.target.value))}
                />
              </label>
              {showPreview && draft.previewUrl ? (
                <figure className="mx-auto flex w-full max-w-sm items-center gap-3">
                  <img
                    src={draft.previewUrl}
                    alt={t`What your card will show`}
                    className="aspect-[2/3] w-16 shrink-0 rounded-box object-cover shadow"
                  />
                  <figcaption className="text-sm text-base-content/70">
                    <Trans>This is how your photo will look on your card.</Trans>
                  </figcaption>
                </figure>
              ) : null}
            </>
          )}
          <div className="flex flex-wrap justify-center gap-2">
            {onSave ? (
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={!ready || busy}
                aria-busy={saving || undefined}
                onClick={onSave}
              >
                {saving ? (
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                ) : (
                  <Upload aria-hidden="true" className="size-4" />
                )}
                {saving ? PHOTO_MESSAGES.saving : PHOTO_MESSAGES.save}
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={busy}
              onClick={openFiles}
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              {PHOTO_MESSAGES.replace}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy}
              onClick={draft.clear}
            >
              {onSave ? PHOTO_MESSAGES.cancel : PHOTO_MESSAGES.remove}
            </button>
          </div>
        </div>
      ) : (
        <div
          className={cn(
            "flex flex-col items-center gap-2 rounded-box border-2 border-dashed border-base-300 p-5 text-center transition-colors",
            dragging && "border-primary bg-primary/5",
          )}
        >
          <ImagePlus aria-hidden="true" className="size-8 text-base-content/50" />
          <p className="text-sm">{dragging ? PHOTO_MESSAGES.dropNow : PHOTO_MESSAGES.dropHere}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              onClick={openFiles}
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              {hasPhoto ? PHOTO_MESSAGES.replace : PHOTO_MESSAGES.choose}
            </button>
            {hasPhoto && onRemove ? (
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm"
                disabled={busy}
                aria-busy={removing || undefined}
                onClick={onRemove}
              >
                {removing ? (
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                ) : (
                  <Trash2 aria-hidden="true" className="size-4" />
                )}
                {removing ? PHOTO_MESSAGES.removing : PHOTO_MESSAGES.remove}
              </button>
            ) : null}
          </div>
          <p className="text-xs text-base-content/60">{PHOTO_MESSAGES.formats}</p>
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
