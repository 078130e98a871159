/// <reference types="node" />
// Runs under Vitest in Node: reads files and hashes with Node's own modules.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { initSync, validateContact } from '../../wasm-pkg/supplysite_contact.js';
import { contact } from '../../testing/fixtures/views';
import { TRACKING_EMAIL_KEY } from '../../lib/tracker';
import { ContactForm } from './ContactForm';

// The real core rules, compiled to WebAssembly, loaded from disk (jsdom cannot fetch the file).
vi.mock('../../lib/wasm', () => ({
  loadContactCore: () => {
    const wasm = readFileSync(resolve('src/wasm-pkg/supplysite_contact_bg.wasm'));
    initSync({ module: wasm });
    return Promise.resolve({ validateContact });
  },
}));

const copy = contact.form;
const challenge = { challenge: 'c1', salt: 's1', expires: 1_900_000_000_000, difficulty: 4, signature: 'ab' };

/** Answers the robot challenge and posts to /api/contact with `answer`. */
function serve(answer: () => Response) {
  const posts: unknown[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/robot-challenge') return Response.json(challenge);
    if (url === '/api/contact') {
      posts.push(JSON.parse(String(init?.body)));
      return answer();
    }
    throw new Error(`unexpected request ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return posts;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(copy.firstName), 'Ann');
  await user.type(screen.getByLabelText(copy.lastName), 'Lee');
  await user.type(screen.getByLabelText(copy.orgName), 'Acme Foods');
  await user.type(screen.getByLabelText(copy.phone), '0299998888');
  await user.type(screen.getByLabelText(copy.email), 'ann@example.com');
  await user.type(screen.getByLabelText(copy.message), 'A demo, please.');
  await user.click(screen.getByRole('checkbox', { name: copy.robot }));
  await waitFor(() => expect(screen.getByRole('checkbox', { name: copy.robot })).toBeChecked());
}

describe('ContactForm', () => {
  it('arrives from the server as a POST form whose button waits for the page to be interactive', () => {
    // A submit the browser made itself (before hydration) would skip validation and the robot
    // check and lose the enquiry; as a GET it would also put the visitor's details in a URL.
    const html = renderToString(<ContactForm copy={copy} />);
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toMatch(/<button [^>]*type="submit"[^>]*disabled=""/);
    render(<ContactForm copy={copy} />);
    expect(screen.getByRole('button', { name: copy.submit })).toBeEnabled();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('keeps what a visitor typed before the page was interactive', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ContactForm copy={copy} />);
    document.body.append(container);
    // Ticking the robot check needs its script, so the server's box waits for hydration.
    expect(screen.getByRole('checkbox', { name: copy.robot })).toBeDisabled();
    // Typed into the server's markup, before hydration.
    (screen.getByLabelText(copy.firstName) as HTMLInputElement).value = 'Ann';
    (screen.getByLabelText(copy.message) as HTMLTextAreaElement).value = 'A demo, please.';

    const root = await act(async () => hydrateRoot(container, <ContactForm copy={copy} />));
    const user = userEvent.setup();
    // Typing elsewhere renders the form again: the early text must be in its state by then.
    await user.type(screen.getByLabelText(copy.lastName), 'Lee');
    expect(screen.getByLabelText(copy.firstName)).toHaveValue('Ann');
    expect(screen.getByLabelText(copy.message)).toHaveValue('A demo, please.');
    expect(screen.getByLabelText(copy.lastName)).toHaveValue('Lee');
    expect(screen.getByRole('checkbox', { name: copy.robot })).toBeEnabled();
    act(() => root.unmount());
    container.remove();
  });

  it('on an empty submit shows every message of docs/behaviour.md §5 and focuses the first field', async () => {
    const user = userEvent.setup();
    render(<ContactForm copy={copy} />);
    await user.click(screen.getByRole('button', { name: copy.submit }));
    for (const message of [
      'First name is required.',
      'Last name is required.',
      'Organisation name is required.',
      'Phone number is required',
      'Email is required.',
      "Please select 'I'm not a robot' checkbox.",
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    const first = screen.getByLabelText(copy.firstName);
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('First name is required.');
  });

  it('checks a field when it loses focus and clears the message once it is right', async () => {
    const user = userEvent.setup();
    render(<ContactForm copy={copy} />);
    await user.type(screen.getByLabelText(copy.phone), '123');
    await user.tab();
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.queryByText('First name is required.')).toBeNull();
    await user.type(screen.getByLabelText(copy.phone), '456');
    await waitFor(() => expect(screen.queryByText('Enter a valid phone number')).toBeNull());
  });

  it('sends a valid enquiry with the solved robot token, thanks the visitor and clears the form', async () => {
    const posts = serve(() => Response.json({ status: 'queued' }));
    const user = userEvent.setup();
    render(<ContactForm copy={copy} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: copy.submit }));
    expect(screen.getByRole('button', { name: copy.submitting })).toBeDisabled();
    expect(await screen.findByText(copy.thankYou)).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    const sent = posts[0] as Record<string, string>;
    expect(sent).toMatchObject({ firstname: 'Ann', orgName: 'Acme Foods', message: 'A demo, please.' });
    expect(JSON.parse(atob(sent.robotToken ?? ''))).toMatchObject({ ...challenge, number: expect.any(Number) });
    expect(localStorage.getItem(TRACKING_EMAIL_KEY)).toBe('ann@example.com');
    expect(screen.getByLabelText(copy.firstName)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: copy.robot })).not.toBeChecked();
  });

  it('shows the server’s field errors on 422', async () => {
    serve(() => Response.json({ errors: { email: 'Enter a valid email.' } }, { status: 422 }));
    const user = userEvent.setup();
    render(<ContactForm copy={copy} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: copy.submit }));
    expect(await screen.findByText('Enter a valid email.')).toBeInTheDocument();
    expect(screen.getByLabelText(copy.email)).toHaveFocus();
  });

  it('says politely that the enquiry failed and keeps what was typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(() => Response.json({ message: 'the outbox is unavailable' }, { status: 503 }));
    const user = userEvent.setup();
    render(<ContactForm copy={copy} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: copy.submit }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(copy.failed));
    expect(screen.getByLabelText(copy.firstName)).toHaveValue('Ann');
    expect(screen.getByLabelText(copy.message)).toHaveValue('A demo, please.');
    expect(localStorage.getItem(TRACKING_EMAIL_KEY)).toBeNull();
  });

  it('sends a retry after a failure with the same submission id and the next enquiry with a new one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers = [
      () => Response.json({ message: 'try again' }, { status: 503 }),
      () => Response.json({ status: 'queued' }),
      () => Response.json({ status: 'sent' }),
    ];
    const posts = serve(() => (answers.shift() ?? answers[0])!());
    const user = userEvent.setup();
    render(<ContactForm copy={copy} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: copy.submit }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(copy.failed));
    await user.click(screen.getByRole('checkbox', { name: copy.robot }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: copy.robot })).toBeChecked());
    await user.click(screen.getByRole('button', { name: copy.submit }));
    expect(await screen.findByText(copy.thankYou)).toBeInTheDocument();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: copy.submit }));
    await waitFor(() => expect(posts).toHaveLength(3));

    const ids = (posts as { submissionId: string }[]).map((p) => p.submissionId);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids[2]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });
});
