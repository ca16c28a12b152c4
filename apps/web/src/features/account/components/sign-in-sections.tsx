/**
 * The sign-in sections of Settings (email, passkeys, two-step codes, devices), in one chunk that
 * loads after the page: they sit below the fold, and Settings' first screen stays light.
 */
export { DevicesSection } from "./devices-section.tsx";
export { EmailSection } from "./email-section.tsx";
export { PasskeysSection } from "./passkeys-section.tsx";
export { TwoStepSection } from "./two-step-section.tsx";
