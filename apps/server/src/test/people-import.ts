import { importExampleRow, PEOPLE_IMPORT_COLUMNS, type PeopleImportKind } from '@examiq/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { App } from '../app';
import { bearer } from './users';

export type ImportCell = string | number | Date | undefined;
/** A row of an import file by column name; columns left out hold the template's example. */
export type ImportRow = Record<string, ImportCell>;

/** The template's header. */
export function importHeader(kind: PeopleImportKind): string[] {
  return PEOPLE_IMPORT_COLUMNS[kind].map((column) => column.name);
}

/** The template's example with a row's own values, in the header's order. */
export function importCells(kind: PeopleImportKind, row: ImportRow, header = importHeader(kind)) {
  const example = importExampleRow(kind);
  const byName = new Map(importHeader(kind).map((name, index) => [name, example[index]]));
  return header.map((name) => (name in row ? row[name] : byName.get(name)));
}

/** A student row with its own email and roll number, the rest from the template's example. */
export function studentRow(serial: number | string, row: ImportRow = {}): ImportRow {
  return { email: `student${serial}@import.example`, rollNumber: `IMP-${serial}`, ...row };
}

/** A faculty row with its own email and employee ID, the rest from the template's example. */
export function facultyRow(serial: number | string, row: ImportRow = {}): ImportRow {
  return {
    email: `faculty${serial}@import.example`,
    'professionalInfo.employeeId': `EMP-${serial}`,
    ...row,
  };
}

/** A CSV file as a spreadsheet program saves it: a byte order mark, CRLF, quoted when needed. */
export function csvFile(kind: PeopleImportKind, rows: ImportRow[], header = importHeader(kind)) {
  const text = Papa.unparse(
    [header, ...rows.map((row) => importCells(kind, row, header))].map((cells) =>
      cells.map((cell) => (cell instanceof Date ? cell.toISOString().slice(0, 10) : (cell ?? ''))),
    ),
    { newline: '\r\n' },
  );
  return Buffer.from(`\uFEFF${text}`, 'utf8');
}

export async function xlsxFile(
  kind: PeopleImportKind,
  rows: ImportRow[],
  header = importHeader(kind),
) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind);
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(importCells(kind, row, header).map((cell) => cell ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart/form-data body with one file and any other fields, as a browser sends it. */
export async function multipartBody(
  file: { bytes: Buffer; name: string } | undefined,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') as string },
  };
}

/** Calls the import routes as one signed-in admin. */
export function importClient(app: App, accessToken: string) {
  async function upload(
    path: string,
    file: { bytes: Buffer; name: string } | undefined,
    fields?: Record<string, string>,
  ) {
    const { payload, headers } = await multipartBody(file, fields);
    return app.inject({
      method: 'POST',
      url: `/api/admin/${path}`,
      headers: { ...bearer(accessToken), ...headers },
      payload,
    });
  }
  const get = (path: string) =>
    app.inject({ method: 'GET', url: `/api/admin/${path}`, headers: bearer(accessToken) });

  return {
    get,
    preview: (kind: PeopleImportKind, bytes: Buffer, name = `${kind}.csv`) =>
      upload(`import-preview/${kind}`, { bytes, name }),
    upload,
    start: (kind: PeopleImportKind, bytes: Buffer, mode: string, name = `${kind}.csv`) =>
      upload(`import/${kind}`, { bytes, name }, { mode }),
    /** Starts the import of the rows a preview checked, as the browser does. */
    startChecked: (kind: PeopleImportKind, checkId: string, mode: string) =>
      upload(`import/${kind}`, undefined, { mode, check: checkId }),
    /** Polls the job until it has ended; its last state. */
    async finished(id: string) {
      for (let attempt = 0; attempt < 600; attempt++) {
        const job = (await get(`get-job/${id}`)).json().data;
        if (job.status === 'SUCCEEDED' || job.status === 'FAILED') return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`The import ${id} did not end`);
    },
  };
}
