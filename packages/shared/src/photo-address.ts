/**
 * A photo address pasted into the profile is fetched once by the server and stored as an upload;
 * these are the codes and sentences of a failure (400), each telling the person what to do next.
 */
export const PHOTO_ADDRESS_ERROR_CODES = {
  unreachable: "PHOTO_UNREACHABLE",
  notAnImage: "PHOTO_NOT_AN_IMAGE",
} as const;

/** The server follows at most this many redirects from a pasted photo address. */
export const PHOTO_ADDRESS_MAX_REDIRECTS = 3;

export const PHOTO_ADDRESS_MESSAGES = {
  notHttps: "A photo address must start with https://. Paste another one, or upload the photo.",
  notPublic:
    "This photo address does not lead to a public website, so Kindred will not fetch it. Paste another one, or upload the photo.",
  unreachable:
    "The photo at this address could not be fetched. Check the address, or upload the photo instead.",
  badStatus:
    "The website answered that there is no photo at this address. Check the address, or upload the photo instead.",
  tooManyRedirects:
    "This photo address sends us on to other addresses too many times. Paste the picture's own address, or upload the photo.",
  timeout:
    "The photo at this address took too long to arrive. Try again later, or upload the photo instead.",
  tooLarge:
    "The photo at this address is larger than 10 MB. Paste a smaller one, or upload the photo instead.",
  notAnImage:
    "The file at this address is not a picture we can use (JPEG, PNG, WebP, AVIF or HEIC). Paste the address of the picture itself, or upload the photo.",
} as const;
