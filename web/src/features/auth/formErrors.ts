/** Turns zod issues into one message per form field: the first problem is the one worth fixing. */
export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function fieldErrors<Field extends string>(issues: readonly IssueLike[]): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string') continue;
    const key = field as Field;
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}
