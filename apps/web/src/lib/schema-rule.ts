import type { FormRule } from 'antd';
import type { z } from 'zod';

/** A form rule that checks a field with the shared zod schema the server checks it with, and shows its text. */
export function schemaRule(schema: z.ZodType): FormRule {
  return {
    // An empty input is null: a text then fails as empty, a number as below the minimum.
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? null);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}
