import type { Executor } from '../../db/client';
import { feedback } from '../../db/schema/index';

export interface NewFeedback {
  name: string;
  email: string;
  message: string;
  userId: string | null;
}

/** Stores one contact-form message; answers its id. */
export async function insertFeedback(db: Executor, row: NewFeedback): Promise<string> {
  const [inserted] = await db.insert(feedback).values(row).returning({ id: feedback.id });
  return inserted!.id;
}
