import ExcelJS from 'exceljs';

/** Every cell of a workbook, as text, with whether it is a formula (exports must hold none). */
export async function workbookCells(data: Buffer): Promise<Array<{ sheet: string; address: string; text: string; formula: boolean }>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as never);
  const cells: Array<{ sheet: string; address: string; text: string; formula: boolean }> = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        const value = cell.value as unknown;
        const formula =
          cell.type === ExcelJS.ValueType.Formula || (typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value));
        const text =
          value instanceof Date
            ? value.toISOString()
            : typeof value === 'object' && value !== null && 'richText' in value
              ? (value as { richText: Array<{ text: string }> }).richText.map((r) => r.text).join('')
              : typeof value === 'object' && value !== null && 'text' in value
                ? String((value as { text: unknown }).text)
                : String(value ?? '');
        cells.push({ sheet: sheet.name, address: cell.address, text, formula });
      }),
    ),
  );
  return cells;
}

const XLSX = /spreadsheetml|application\/vnd\.ms-excel/;

/** The readable text of an answer: JSON as sent, CSV as text, XLSX as its cells, PDF as its raw text. */
export async function answerText(body: unknown, headers: Record<string, unknown>, raw?: Buffer): Promise<string> {
  const type = String(headers['content-type'] ?? '');
  if (raw && XLSX.test(type)) return (await workbookCells(raw)).map((c) => c.text).join('\n');
  if (raw && type.startsWith('application/pdf')) return raw.toString('latin1');
  if (raw && !type.includes('json')) return raw.toString('utf8');
  return typeof body === 'string' ? body : JSON.stringify(body);
}
