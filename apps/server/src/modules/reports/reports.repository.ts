import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { ReportOwners } from './reports.service';

/** SQL the reports need beyond the analysis itself: who its owner is, as stored. */
export class ReportsRepository implements ReportOwners {
  constructor(private readonly db: Db) {}

  async ownerOf(userId: string): Promise<{ name: string; email: string } | undefined> {
    const [row] = await this.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }
}
