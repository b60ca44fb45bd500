import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { PEOPLE_IMPORT_LIMITS, PEOPLE_IMPORT_MESSAGES } from '@examiq/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { ApiError } from '../../errors';
import { FORMULA_START } from '../../spreadsheets/write';

/** A cell as the checks read it: text, a number, or nothing. */
export type SheetCell = string | number | undefined;

export interface SheetRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  number: number;
  cells: SheetCell[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

const refuse = (message: string) => new ApiError(400, message);

function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;
}

const TEXT_EXTENSIONS = new Set(['', '.csv', '.txt']);

/**
 * Empty and blank cells are the same to the checks: nothing was given. The apostrophe our CSV
 * files put before text that starts as a formula would ('+91 98765 43210') is taken off, so a
 * template or an export is read back as it was written.
 */
function textCell(value: string): SheetCell {
  if (value.trim() === '') return undefined;
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** The header and the rows with any cell filled in, checked against the row limit. */
function sheetOf(records: { number: number; cells: SheetCell[] }[]): Sheet {
  const [head, ...rest] = records;
  if (!head) throw refuse(PEOPLE_IMPORT_MESSAGES.emptyFile);
  const rows = rest.filter((row) => row.cells.some((cell) => cell !== undefined));
  if (rows.length === 0) throw refuse(PEOPLE_IMPORT_MESSAGES.noRows);
  if (rows.length > PEOPLE_IMPORT_LIMITS.maxRows) throw refuse(PEOPLE_IMPORT_MESSAGES.tooManyRows);
  return { header: head.cells.map((cell) => String(cell ?? '').trim()), rows };
}

function readCsv(bytes: Buffer): Sheet {
  // A NUL is in no text file: this is a binary file named .csv.
  if (bytes.includes(0)) throw refuse(PEOPLE_IMPORT_MESSAGES.wrongType);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(PEOPLE_IMPORT_MESSAGES.notUtf8);
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw refuse(PEOPLE_IMPORT_MESSAGES.emptyFile);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const unclosed = parsed.errors.find((error) => error.type === 'Quotes');
  if (unclosed) throw refuse(PEOPLE_IMPORT_MESSAGES.unclosedQuote((unclosed.row ?? 0) + 1));
  return sheetOf(
    parsed.data.map((record, index) => ({ number: index + 1, cells: record.map(textCell) })),
  );
}

/** A workbook cell's value as text or a number: rich text, links and formulas by what they show. */
function workbookCell(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return textCell(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return textCell(value.richText.map((part) => part.text).join(''));
  if ('hyperlink' in value) return workbookCell(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) {
    return workbookCell((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  }
  if ('error' in value) return value.error;
  return undefined;
}

/**
 * The first worksheet, streamed: reading stops at the row limit, so a small file that unpacks to
 * millions of rows is refused without holding them.
 */
async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const records: SheetRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        records.push({ number: row.number, cells: values.map(workbookCell) });
        // The header and blank rows do not count: stop only well past the limit.
        if (records.length > PEOPLE_IMPORT_LIMITS.maxRows + 1) {
          throw refuse(PEOPLE_IMPORT_MESSAGES.tooManyRows);
        }
      }
      break;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw refuse(PEOPLE_IMPORT_MESSAGES.unreadable);
  }
  if (records.length === 0) throw refuse(PEOPLE_IMPORT_MESSAGES.emptyFile);
  return sheetOf(records);
}

/**
 * A CSV or XLSX file as a header and rows. The type is read from the content (an XLSX is a zip;
 * a CSV is UTF-8 text); a name with another extension, or other content, is refused.
 */
export async function readSheet(bytes: Buffer, fileName: string): Promise<Sheet> {
  if (bytes.length === 0) throw refuse(PEOPLE_IMPORT_MESSAGES.emptyFile);
  const extension = extname(fileName).toLowerCase();
  if (isZip(bytes)) {
    if (extension !== '' && extension !== '.xlsx') throw refuse(PEOPLE_IMPORT_MESSAGES.wrongType);
    return readXlsx(bytes);
  }
  if (!TEXT_EXTENSIONS.has(extension)) throw refuse(PEOPLE_IMPORT_MESSAGES.wrongType);
  return readCsv(bytes);
}
