import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import { uploadFile } from './upload.ts';

// The network is the edge of the world: the server's JSON calls by `fetch`, the bucket by XMLHttpRequest.
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const stored = { id: 3, key: 'file/202611/abc.pdf', url: '/api/files/file/202611/abc.pdf', name: '讲义.pdf', size: 5, filetype: 'pdf', type: 'application/pdf', hash: '' };

/** Every XMLHttpRequest the code opens: method, URL and the form it sent; the bucket answers `status`. */
const sent: { method: string; url: string; body: FormData }[] = [];
let bucketStatus = 204;
class FakeXhr {
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  status = 0;
  timeout = 0;
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  private method = '';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  abort() {}
  send(body: FormData) {
    sent.push({ method: this.method, url: this.url, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 5 });
      this.status = bucketStatus;
      this.onload?.();
    }, 1);
  }
}

let fetchMock: ReturnType<typeof vi.fn>;
const notifyError = vi.fn();
let restore: () => void;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  restore = configureApi({ notifyError });
  sent.length = 0;
  bucketStatus = 204;
});
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
  notifyError.mockReset();
});

const s3Token = {
  dir: 'file/', name: 'file/202611/k', accessid: 's3', policy: 'p', signature: 's', expire: 1, host: 'https://bucket.example/xueban',
  disk: 's3', max_size: 950, mode: 's3', key: 'file/202611/k', fields: { key: 'file/202611/k', Policy: 'b64', 'X-Amz-Signature': 'sig' },
};
const file = () => new File(['%PDF-'], '讲义.pdf', { type: 'application/pdf' });
const opts = { scene: 'file' as const, timeoutMs: 60_000, failMessage: '上传失败', accept: (d: { url?: string }) => !!d.url };

describe('uploadFile', () => {
  it('without S3, posts policy, signature and the file to the server route', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ code: 20000, msg: '', data: { ...s3Token, mode: 'server', host: '/api/uc/upload/fileUpload', key: '', fields: {} } }))
      .mockResolvedValueOnce(json({ code: 20000, msg: '操作成功', data: stored }));
    await expect(uploadFile(file(), opts)).resolves.toMatchObject({ url: stored.url });
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/uc/upload/getStsToken?scene=file');
    const [url, init] = fetchMock.mock.calls[1]! as [string, RequestInit];
    expect(url).toBe('/api/uc/upload/fileUpload');
    expect([...(init.body as FormData).keys()]).toEqual(['policy', 'signature', 'file']);
    expect(sent).toEqual([]);
  });

  it('with S3, posts the fields and then the file to the bucket, then has the server register it', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ code: 20000, msg: '', data: s3Token }))
      .mockResolvedValueOnce(json({ code: 20000, msg: '操作成功', data: stored }));
    const progress: number[] = [];
    await expect(uploadFile(file(), { ...opts, onProgress: (p) => progress.push(p) })).resolves.toMatchObject({ url: stored.url });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: s3Token.host });
    expect([...sent[0]!.body.keys()]).toEqual(['key', 'Policy', 'X-Amz-Signature', 'file']);
    const [url, init] = fetchMock.mock.calls[1]! as [string, RequestInit];
    expect(url).toBe('/api/uc/upload/complete');
    expect(JSON.parse(init.body as string)).toEqual({ policy: 'p', signature: 's', name: '讲义.pdf' });
    expect(progress).toEqual([99]);
  });

  it("shows the server's refusal once when it will not register what reached the bucket", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ code: 20000, msg: '', data: s3Token }))
      .mockResolvedValueOnce(json({ code: 41500, msg: '文件内容与类型不符', data: null }));
    await expect(uploadFile(file(), opts)).rejects.toThrow('文件内容与类型不符');
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError.mock.calls[0]![0]).toBe('文件内容与类型不符');
  });

  it('says the upload failed when the bucket refuses the POST', async () => {
    bucketStatus = 403;
    fetchMock.mockResolvedValueOnce(json({ code: 20000, msg: '', data: s3Token }));
    await expect(uploadFile(file(), opts)).rejects.toThrow('上传失败');
    expect(fetchMock).toHaveBeenCalledTimes(1); // nothing registered
    expect(notifyError).toHaveBeenCalledWith('上传失败', expect.any(Number));
  });
});
