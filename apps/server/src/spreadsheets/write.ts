import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { ExportFormat } from '@examiq/contracts';
import ExcelJS from 'exceljs';

/** One cell of an exported sheet. */
export type Cell = string | number;

/** How text a spreadsheet would run as a formula starts. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV field (RFC 4180): quoted when it holds a quote, comma or line break. Text a spreadsheet
 * would run as a formula (=, +, -, @, or a tab or carriage return before one) gets a leading
 * apostrophe, so a name typed as a formula stays text.
 */
export function csvField(cell: Cell): string {
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function* csvChunks(rows: AsyncGenerator<Cell[][]>): AsyncGenerator<string> {
  // The byte order mark makes spreadsheet programs read the names as UTF-8.
  yield '\uFEFF';
  for await (const page of rows) {
    yield page.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
  }
}

/**
 * The workbook written as it is read: each row goes to the zip stream as soon as it is added, and
 * a page waits for the reader when the reply's buffer is full.
 */
function xlsxStream(sheetName: string, rows: AsyncGenerator<Cell[][]>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  const write = async () => {
    let header = true;
    for await (const page of rows) {
      for (const values of page) {
        const row = sheet.addRow(values);
        if (header) row.font = { bold: true };
        header = false;
        row.commit();
      }
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

export const SPREADSHEET_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A sheet as a stream in either format, written page by page as `rows` yields them; the first row
 * is the header (bold in a workbook).
 */
export function spreadsheetStream(
  format: ExportFormat,
  sheetName: string,
  rows: AsyncGenerator<Cell[][]>,
): Readable {
  return format === 'csv' ? Readable.from(csvChunks(rows)) : xlsxStream(sheetName, rows);
}

/** Rows already in memory (a template, a small file) as the pages `spreadsheetStream` reads. */
export async function* pagesOf(...pages: Cell[][][]): AsyncGenerator<Cell[][]> {
  yield* pages;
}
