import { describe, expect, it } from 'vitest';
import { readCsvRecords } from './csv-records.ts';

describe('readCsvRecords', () => {
  it('reads RFC 4180 fields: quotes, doubled quotes, commas and line breaks inside quotes, CRLF, a BOM', () => {
    const source =
      '\uFEFFemail,full_name\r\na@x.example,"Hopper, Grace"\r\n\r\nb@x.example,"Say ""hi""\nthen go"\nc@x.example,';
    expect(readCsvRecords(source)).toEqual({
      records: [
        { line: 1, fields: ['email', 'full_name'] },
        { line: 2, fields: ['a@x.example', 'Hopper, Grace'] },
        { line: 4, fields: ['b@x.example', 'Say "hi"\nthen go'] },
        { line: 6, fields: ['c@x.example', ''] },
      ],
      problems: [],
    });
  });

  it('reports an unclosed quote at the line its record starts on, and a stray quote where it is', () => {
    expect(readCsvRecords('email\n"a@x.example\nb').problems).toEqual([
      { line: 2, path: '', message: 'a quoted field is not closed' },
    ]);
    expect(readCsvRecords('email,name\na@x.example,Grace "Amazing" Hopper\n').problems).toEqual([
      { line: 2, path: '', message: 'a quote inside an unquoted field: put the whole field in quotes' },
      { line: 2, path: '', message: 'a quote inside an unquoted field: put the whole field in quotes' },
    ]);
  });

  it('reads an empty source as no records', () => {
    expect(readCsvRecords('')).toEqual({ records: [], problems: [] });
    expect(readCsvRecords('\n\n')).toEqual({ records: [], problems: [] });
  });
});
