import { type AudienceSection, audienceSectionLabel } from '@examiq/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { branches, examTargetSections, sections } from '../../db/schema';

/** The sections of an exam's audience, of every branch, as a list of its students filters by. */
const audienceSectionRows = perDatabase((db) =>
  db
    .select({ _id: sections.id, branchCode: branches.code, name: sections.name })
    .from(examTargetSections)
    .innerJoin(sections, eq(sections.id, examTargetSections.sectionId))
    .innerJoin(branches, eq(branches.id, sections.branchId))
    .where(eq(examTargetSections.examId, sql.placeholder('examId')))
    .orderBy(branches.code, sql`lower(${sections.name})`)
    .prepare('exam_audience_sections'),
);

export async function audienceSections(
  db: AppDatabase,
  examId: string,
): Promise<AudienceSection[]> {
  const rows = await audienceSectionRows(db).execute({ examId });
  return rows.map((row) => ({ _id: row._id, label: audienceSectionLabel(row) }));
}
