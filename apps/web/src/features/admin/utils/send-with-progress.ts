import type { z } from 'zod';
import { accessTokenFor, toError } from '../../../lib/http.ts';

export type TUploadProgress =
  // Sending the file: the share of it sent, 0..1.
  | { phase: 'uploading'; sent: number }
  // Sent; the server is working on it.
  | { phase: 'processing' };

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

// POSTs a JSON body and reports how much of it has been sent: fetch cannot tell upload progress,
// and a file of 5,000 people takes long enough on a slow link for the administrator to want to
// see it moving. Errors are the HTTP client's (lib/http.ts), so a refused account is heard the same way.
export async function sendWithProgress<T>(options: {
  url: string;
  body: unknown;
  schema: z.ZodType<T>;
  onProgress: (progress: TUploadProgress) => void;
}): Promise<T> {
  const { url, body, schema, onProgress } = options;
  const token = await accessTokenFor(url);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress({ phase: 'uploading', sent: event.loaded / event.total });
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onerror = () => reject(new TypeError('The upload failed: check your connection and try again.'));
    xhr.onload = () => {
      const answer = parse(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toError(xhr.status, answer));
        return;
      }
      const parsed = schema.safeParse(answer);
      if (parsed.success) resolve(parsed.data);
      else reject(parsed.error);
    };
    onProgress({ phase: 'uploading', sent: 0 });
    xhr.send(JSON.stringify(body));
  });
}
