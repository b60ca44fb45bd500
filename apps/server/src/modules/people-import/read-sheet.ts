import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { PEOPLE_IMPORT_LIMITS, PEOPLE_IMPORT_MESSAGES } from '@examiq/contracts';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import Papa from 'papaparse';
import { ApiError } from '../../errors';
import { FORMULA_START } from '../../spreadsheets/write';
import { DamagedZip, declaredSize, unpackEntry, zipEntries } from '../../uploads/zip';

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

/**
 * The records of a sheet as a reader finds them, each checked against the limits as it comes:
 * a file is refused at the first record past one, never read whole first.
 */
class Records {
  readonly list: SheetRow[] = [];
  private characters = 0;

  /** Checked before the row's cells are listed: a row can name a cell far to the right. */
  checkWidth(columns: number): void {
    if (columns > PEOPLE_IMPORT_LIMITS.maxColumns) {
      throw refuse(PEOPLE_IMPORT_MESSAGES.tooManyColumns);
    }
  }

  add(number: number, cells: SheetCell[]): void {
    this.checkWidth(cells.length);
    for (const cell of cells) {
      if (typeof cell !== 'string') continue;
      checkCellLength(cell.length);
      // A workbook can repeat one long shared text in every cell: the total is what is held.
      this.characters += cell.length;
    }
    if (this.characters > PEOPLE_IMPORT_LIMITS.maxTextCharacters) {
      throw refuse(PEOPLE_IMPORT_MESSAGES.tooMuchText);
    }
    this.list.push({ number, cells });
    // The header and blank rows do not count: stop only well past the limit.
    if (this.list.length > PEOPLE_IMPORT_LIMITS.maxRows + 1) {
      throw refuse(PEOPLE_IMPORT_MESSAGES.tooManyRows);
    }
  }
}

function checkCellLength(length: number): void {
  if (length > PEOPLE_IMPORT_LIMITS.maxCellCharacters) {
    throw refuse(PEOPLE_IMPORT_MESSAGES.cellTooLong);
  }
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
  const records = new Records();
  Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    // Record by record, so the limits stop reading at the first record past them.
    step: (record) => {
      const number = records.list.length + 1;
      if (record.errors.some((error) => error.type === 'Quotes')) {
        throw refuse(PEOPLE_IMPORT_MESSAGES.unclosedQuote(number));
      }
      records.add(number, record.data.map(textCell));
    },
  });
  return sheetOf(records.list);
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

/** The parts of a workbook the reader needs, in the order it needs them, before the sheet. */
const WORKBOOK_PARTS = [
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * The workbook's parts and its first worksheet, unpacked within the limit: their declared sizes
 * are added up before anything is unpacked, and each is unpacked with its declared size as a
 * hard cap, so a part that claims a kilobyte and holds gigabytes is refused after a kilobyte.
 * They come back as a new archive that stores them as they are, in the reader's order, so the
 * reader streams the sheet (it would copy a sheet met before the shared texts to a temporary
 * file) and reads only what was checked.
 */
function checkedWorkbook(bytes: Buffer): Uint8Array {
  try {
    const entries = zipEntries(bytes);
    const parts = WORKBOOK_PARTS.flatMap((name) => entries.filter((entry) => entry.name === name));
    const sheet = entries.find((entry) => WORKSHEET.test(entry.name));
    if (sheet) parts.push(sheet);
    if (declaredSize(parts) > PEOPLE_IMPORT_LIMITS.maxUnpackedBytes) {
      throw refuse(PEOPLE_IMPORT_MESSAGES.unpackedTooLarge);
    }
    return zipSync(
      Object.fromEntries(parts.map((entry) => [entry.name, unpackEntry(bytes, entry)])),
      { level: 0 },
    );
  } catch (error) {
    if (error instanceof DamagedZip) throw refuse(PEOPLE_IMPORT_MESSAGES.unreadable);
    throw error;
  }
}

/**
 * What exceljs's streaming reader gives out when its shared texts are emitted: each text as it
 * stands (exceljs 4.4 gives them no `eventType`), then the worksheets.
 */
type WorkbookEvent =
  | { eventType?: undefined; index: number; text: ExcelJS.CellValue }
  | { eventType: 'worksheet'; value: AsyncIterable<ExcelJS.Row> }
  | { eventType: 'hyperlinks'; value: unknown };

const textLength = (text: ExcelJS.CellValue) =>
  typeof text === 'string'
    ? text.length
    : text && typeof text === 'object' && 'richText' in text
      ? text.richText.reduce((total, part) => total + part.text.length, 0)
      : 0;

/**
 * The first worksheet, streamed: reading stops at the first row past a limit, so a small file
 * that unpacks to millions of rows is refused without holding them. The shared texts are taken
 * one by one into the reader's own table, each checked against a cell's limit.
 */
async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const workbook = checkedWorkbook(bytes);
  const records = new Records();
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([workbook]), {
      sharedStrings: 'emit',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    const sharedStrings: ExcelJS.CellValue[] = [];
    // The sheet looks its shared texts up in this table, which 'emit' leaves for us to fill.
    Object.assign(reader, { sharedStrings });
    const events = { [Symbol.asyncIterator]: () => reader.parse() } as AsyncIterable<WorkbookEvent>;
    for await (const event of events) {
      if (event.eventType === undefined) {
        checkCellLength(textLength(event.text));
        sharedStrings.push(event.text);
      } else if (event.eventType === 'worksheet') {
        for await (const row of event.value) {
          records.checkWidth(row.cellCount);
          const values = (row.values as ExcelJS.CellValue[]).slice(1);
          records.add(row.number, Array.from(values, workbookCell));
        }
        break;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw refuse(PEOPLE_IMPORT_MESSAGES.unreadable);
  }
  if (records.list.length === 0) throw refuse(PEOPLE_IMPORT_MESSAGES.emptyFile);
  return sheetOf(records.list);
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
