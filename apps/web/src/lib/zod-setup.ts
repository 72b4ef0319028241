import { z } from 'zod';

// Zod compiles fast object parsers with `new Function` when eval is allowed. The app's Content
// Security Policy forbids eval (no 'unsafe-eval'), so the probe would only log a violation:
// parse without compiling. Imported first by main.tsx, before any schema is used.
z.config({ jitless: true });
