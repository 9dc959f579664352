import { z } from 'zod';

/** Error answer of every API call. */
export const errorAnswerSchema = z.object({ message: z.string() });
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
