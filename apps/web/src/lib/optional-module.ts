/**
 * A module a screen can do without while it loads (a menu's library, the swiping deck): loaded on
 * request, once; a failed load (offline, a new release) leaves the screen as it is and is tried
 * again on the next request, instead of failing the screen as a lazy component would.
 */
export type OptionalModule<T> = {
  /** The module once it has loaded. */
  current(): T | undefined;
  /** Loads it (or returns the load under way); resolves undefined when the load failed. */
  load(): Promise<T | undefined>;
};

export function optionalModule<T>(importer: () => Promise<T>): OptionalModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T | undefined> | undefined;
  return {
    current: () => loaded,
    load() {
      if (loaded) return Promise.resolve(loaded);
      pending ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        () => {
          pending = undefined;
          return undefined;
        },
      );
      return pending;
    },
  };
}
