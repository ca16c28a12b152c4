import type { PhotoCrop } from "@kindred/shared";
import { useCallback, useEffect, useState } from "react";
import type { PhotoUpload } from "@/lib/profile-photo.ts";
import { photoFileProblem } from "./check-photo-file.ts";

/** A photo chosen but not saved yet: the file, the area to keep and what the card would show. */
export type PhotoDraft = {
  file: File | null;
  /** The file as an object URL, for the cropper. */
  url: string | null;
  /** The area to keep, in pixels of the upright picture (react-easy-crop's croppedAreaPixels). */
  crop: PhotoCrop | null;
  /** The kept area drawn at the card's size, for the live preview (null until drawn). */
  previewUrl: string | null;
  /** This browser cannot show the file (HEIC outside Safari): it is sent whole, uncropped. */
  unreadable: boolean;
  /** Why the last chosen file was refused, in the server's words. */
  error: string | null;
  /** The upload to send, or null while nothing usable is chosen. */
  upload: PhotoUpload | null;
  choose: (file: File) => void;
  setCrop: (crop: PhotoCrop) => void;
  markUnreadable: () => void;
  clear: () => void;
};

/** How long the crop rests before the preview is drawn again. */
const PREVIEW_DELAY_MS = 120;

/** Draws the kept area as the card would show it. Null where the browser has no canvas to spare. */
async function drawCrop(url: string, crop: PhotoCrop): Promise<Blob | null> {
  if (typeof OffscreenCanvas === "undefined") return null;
  const image = new Image();
  image.src = url;
  await image.decode();
  // The browser draws the picture upright (EXIF orientation applied), as the cropper shows it.
  const width = Math.min(crop.width, 480);
  const height = Math.round((width * crop.height) / crop.width);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
  return canvas.convertToBlob({ type: "image/jpeg", quality: 0.85 });
}

export function usePhotoDraft(): PhotoDraft {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [crop, setCropState] = useState<PhotoCrop | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Each object URL lives exactly as long as its file is the draft.
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  useEffect(() => {
    setPreviewUrl(null);
    if (!url || !crop) return;
    let current = true;
    let drawn: string | null = null;
    // The crop changes on every frame of a drag: the preview is drawn once it rests.
    const timer = setTimeout(() => {
      drawCrop(url, crop)
        .then((blob) => {
          if (!current || !blob) return;
          drawn = URL.createObjectURL(blob);
          setPreviewUrl(drawn);
        })
        // Without a drawn preview the card shows the whole picture; the upload is unaffected.
        .catch(() => undefined);
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
      if (drawn) URL.revokeObjectURL(drawn);
    };
  }, [url, crop]);

  const choose = useCallback((chosen: File) => {
    const problem = photoFileProblem(chosen);
    setError(problem);
    if (problem) return;
    setFile(chosen);
    setCropState(null);
    setUnreadable(false);
  }, []);

  const setCrop = useCallback((area: PhotoCrop) => {
    setCropState((previous) =>
      previous &&
      previous.x === area.x &&
      previous.y === area.y &&
      previous.width === area.width &&
      previous.height === area.height
        ? previous
        : { x: area.x, y: area.y, width: area.width, height: area.height },
    );
  }, []);

  const markUnreadable = useCallback(() => {
    setUnreadable(true);
    setCropState(null);
  }, []);

  const clear = useCallback(() => {
    setFile(null);
    setCropState(null);
    setUnreadable(false);
    setError(null);
  }, []);

  const upload = file ? { file, crop: unreadable ? null : crop } : null;
  return {
    file,
    url,
    crop,
    previewUrl,
    unreadable,
    error,
    upload,
    choose,
    setCrop,
    markUnreadable,
    clear,
  };
}
