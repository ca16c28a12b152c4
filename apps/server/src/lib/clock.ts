/**
 * The one clock the server reads "now" from: `app.now()`. The config's `now` replaces it (tests
 * move time with it); otherwise it is the system's.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
