import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from './contract-serializer.ts';

const ZEntry = z.object({ name: z.string(), count: z.number().int(), note: z.string().nullable() });
const ZList = z.array(ZEntry);

describe('contract serializer', () => {
  it('writes only the contract fields, as JSON', () => {
    const write = contractSerializerCompiler({ schema: ZList });
    const text = write([{ name: 'Ana "A" \u2028', count: 2, note: 'x', extra: 1 }]);
    expect(JSON.parse(text)).toEqual([{ name: 'Ana "A" \u2028', count: 2, note: 'x' }]);
    const single = contractSerializerCompiler({ schema: ZEntry });
    expect(JSON.parse(single({ name: 'B', count: 1, note: null, extra: 2 }))).toEqual({
      name: 'B',
      count: 1,
      note: null,
    });
  });
});
