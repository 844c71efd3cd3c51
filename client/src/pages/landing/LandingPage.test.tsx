import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LandingPage from './LandingPage';

const BLOGS = [
  {
    __typename: 'Blog',
    id: 2,
    title: 'Building a Four-Year Plan That Keeps Doors Open',
    subtitle: 'A-G requirements, graduation, and room for what your student loves',
    image: '/blog/four-year-plan.svg',
    date: '2025-10-14',
  },
  {
    __typename: 'Blog',
    id: 1,
    title: 'Dual Enrollment, Explained for Families',
    subtitle: 'What it is, what it costs, and how credits follow your student to college',
    image: '/blog/dual-enrollment.svg',
    date: '2025-09-08',
  },
];

// The landing page reads GET /api/blogs/ with a plain fetch (no GraphQL client in its bundle).
const blogsAnswer = () => Promise.resolve(new Response(JSON.stringify(BLOGS.map((b) => ({ ...b, author: 'Maya Chen', body: '<p>…</p>' }))), { status: 200 }));

function renderPage(answer: () => Promise<Response> = blogsAnswer) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(answer);
  render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
  return fetchSpy;
}

describe('Landing page', () => {
  const originalClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');

  beforeEach(() => {
    vi.spyOn(window, 'alert').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.restoreAllMocks();
    if (originalClipboard) Object.defineProperty(navigator, 'clipboard', originalClipboard);
    else delete (navigator as { clipboard?: Clipboard }).clipboard;
    delete (document as { execCommand?: unknown }).execCommand;
  });

  it('shows "Loading blogs..." and then the recent articles, each linking to its post', async () => {
    const fetchSpy = renderPage();
    expect(screen.getByText('Loading blogs...')).toBeTruthy();
    expect(fetchSpy.mock.calls[0][0]).toBe('/api/blogs/');

    const link = await screen.findByRole('link', { name: 'Dual Enrollment, Explained for Families' });
    expect(link.getAttribute('href')).toBe('/blog-page/1');
    expect(screen.getByRole('link', { name: 'Building a Four-Year Plan That Keeps Doors Open' }).getAttribute('href')).toBe('/blog-page/2');
    expect(screen.getByText('September 8, 2025')).toBeTruthy();
    expect(screen.queryByText('Loading blogs...')).toBeNull();
  });

  it('says so when the blogs cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(() => Promise.reject(new TypeError('Network down')));
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching the blogs');
  });

  it('says so when the server answers with an error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(() => Promise.resolve(new Response(JSON.stringify({ error: 'Temporarily unavailable.' }), { status: 503 })));
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching the blogs');
  });

  it('has the anchors the public header links to', () => {
    renderPage();
    for (const id of ['hero', 'value', 'articles', 'faqs', 'demo', 'about']) {
      expect(document.getElementById(id), id).not.toBeNull();
    }
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/sign-up');
    const video = screen.getByLabelText('Product demo video');
    expect(video.querySelector('source')?.getAttribute('src')).toBe('/demo/pathway-planner-demo.webm');
    expect(video.querySelector('track[kind="captions"]')?.getAttribute('src')).toBe('/demo/pathway-planner-demo.en.vtt');
  });

  it("copies a co-founder's email and says so", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();

    fireEvent.click(screen.getByRole('button', { name: "Copy Maya Chen's email" }));

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Copied maya@pathwayplanner.org to clipboard!'));
    expect(writeText).toHaveBeenCalledWith('maya@pathwayplanner.org');
  });

  it('falls back to execCommand when the Clipboard API refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const writeText = vi.fn().mockRejectedValue(new Error('Not allowed'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const execCommand = vi.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderPage();

    fireEvent.click(screen.getByRole('button', { name: "Copy Daniel Ortiz's email" }));

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Copied daniel@pathwayplanner.org to clipboard!'));
    expect(execCommand).toHaveBeenCalledWith('copy');
  });
});
