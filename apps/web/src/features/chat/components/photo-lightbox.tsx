import type { ChatPhoto } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Modal } from "@/components/ui/modal.tsx";

/** A message's photos full size, one at a time, with Previous and Next. */
export function PhotoLightbox({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: ChatPhoto[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const photo = photos[index];
  const { t, i18n } = useLingui();
  const position = i18n.number(index + 1);
  const count = i18n.number(photos.length);
  return (
    <Modal
      open={photo !== undefined}
      onClose={onClose}
      title={photos.length > 1 ? t`Photo ${position} of ${count}` : t`Photo`}
      className="max-w-4xl"
    >
      {photo ? (
        <div className="flex items-center gap-2">
          {photos.length > 1 ? (
            <button
              type="button"
              className="btn btn-circle btn-ghost"
              aria-label={t`Previous photo`}
              disabled={index === 0}
              onClick={() => onIndex(index - 1)}
            >
              <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            </button>
          ) : null}
          <img
            src={photo.large}
            alt={t`${position} of ${count}, full size`}
            width={photo.width}
            height={photo.height}
            className="mx-auto max-h-[75vh] w-auto min-w-0 rounded-lg object-contain"
          />
          {photos.length > 1 ? (
            <button
              type="button"
              className="btn btn-circle btn-ghost"
              aria-label={t`Next photo`}
              disabled={index === photos.length - 1}
              onClick={() => onIndex(index + 1)}
            >
              <ChevronRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            </button>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
