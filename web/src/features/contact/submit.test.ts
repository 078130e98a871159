import { submitContact, type ContactRequest } from './submit';

const request: ContactRequest = {
  firstname: 'Ann',
  lastname: 'Lee',
  orgName: 'Acme Foods',
  phone: '0299998888',
  email: 'ann@example.com',
  message: '',
  robotToken: 'token',
  submissionId: '0b7e6c1e-4a7d-4c2b-9a51-3f1f2a6b9c0d',
};

/** A request that never gets an answer: it ends only when the page gives up on it. */
function hanging(_url: string, init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

/** Serves /api/contact with each of `answers` in turn, recording what was posted. */
function serve(...answers: ((url: string, init?: RequestInit) => Promise<Response>)[]) {
  const posts: ContactRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      posts.push(JSON.parse(String(init?.body)) as ContactRequest);
      const answer = answers.shift();
      if (!answer) throw new Error('more requests than expected');
      return answer(url, init);
    }),
  );
  return posts;
}

describe('submitContact', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('with no answer in the time the server named, sends the same submission once more and takes its answer', async () => {
    const posts = serve(hanging, async () => Response.json({ status: 'queued' }));
    const result = submitContact(request, 5000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(posts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ kind: 'accepted', status: 'queued' });
    expect(posts).toEqual([request, request]);
    expect(console.warn).toHaveBeenCalledWith('contact request gave no answer within 5000 ms; sending it once more');
  });

  it('after a network error sends once more at once', async () => {
    const posts = serve(
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => Response.json({ status: 'sent' }),
    );
    await expect(submitContact(request, 5000)).resolves.toEqual({ kind: 'accepted', status: 'sent' });
    expect(posts.map((p) => p.submissionId)).toEqual([request.submissionId, request.submissionId]);
  });

  it('fails after the second try goes unanswered too, and sends no third', async () => {
    const posts = serve(hanging, hanging);
    const result = submitContact(request, 2500);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(result).resolves.toEqual({ kind: 'failed', reason: 'contact request gave no answer within 2500 ms' });
    expect(posts).toHaveLength(2);
  });

  it('takes an answer as it is: a refusal is not sent again', async () => {
    const posts = serve(async () => Response.json({ message: 'the outbox is unavailable' }, { status: 503 }));
    await expect(submitContact(request, 5000)).resolves.toEqual({
      kind: 'failed',
      reason: 'contact request failed with status 503: the outbox is unavailable',
    });
    serve(async () => Response.json({ errors: { email: 'Enter a valid email.' } }, { status: 422 }));
    await expect(submitContact(request, 5000)).resolves.toEqual({
      kind: 'invalid',
      errors: { email: 'Enter a valid email.' },
    });
    expect(posts).toHaveLength(1);
  });
});
