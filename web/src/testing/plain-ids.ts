/**
 * Test fixtures write ids as plain numbers (`{ id: 7 }`); in the app's types they are branded
 * (UserId, PogId, ...). `PlainIds<T>` is T with every number left plain, so a fixture takes its
 * overrides that way and names the whole value as T once, where it is built.
 */
export type PlainIds<V> = V extends number
  ? number
  : V extends readonly (infer E)[]
    ? PlainIds<E>[]
    : V extends object
      ? { [K in keyof V]: PlainIds<V[K]> }
      : V;
