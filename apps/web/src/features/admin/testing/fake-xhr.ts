import { vi } from 'vitest';

type TAnswer = { status: number; body: unknown };
type TSent = { method: string; url: string; headers: Record<string, string>; body: unknown };

// Stands in for XMLHttpRequest (the uploads use it for their progress): reports the upload in two
// steps, then answers with `respond`'s status and JSON body. Records what was sent.
export function stubXhr(respond: (sent: TSent) => TAnswer) {
  const sent: TSent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
      onprogress: null,
      onload: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private request: TSent = { method: '', url: '', headers: {}, body: undefined };

    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }

    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }

    send(body: string) {
      this.request.body = JSON.parse(body) as unknown;
      sent.push(this.request);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 2 } as ProgressEvent);
        this.upload.onload?.();
        const answer = respond(this.request);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
