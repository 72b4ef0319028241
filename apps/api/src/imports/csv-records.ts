import type { ImportProblem } from './import-error.ts';

// A CSV record (RFC 4180: comma-separated, fields in double quotes may hold commas, line breaks
// and "" for a quote) with the 1-based line it starts on.
export type CsvRecord = { line: number; fields: string[] };

export function readCsvRecords(source: string): { records: CsvRecord[]; problems: ImportProblem[] } {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const records: CsvRecord[] = [];
  const problems: ImportProblem[] = [];
  let line = 1;
  let start = 1;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === '' && !wasQuoted)) records.push({ line: start, fields });
    fields = [];
    field = '';
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n') line += 1;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      wasQuoted = true;
    } else if (c === '"') {
      problems.push({ line, path: '', message: 'a quote inside an unquoted field: put the whole field in quotes' });
      field += c;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else {
      field += c;
    }
  }
  if (quoted) problems.push({ line: start, path: '', message: 'a quoted field is not closed' });
  else if (field !== '' || fields.length > 0 || wasQuoted) endRecord();
  return { records, problems };
}
