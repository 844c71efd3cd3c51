import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copyText';

describe('copyText', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the Clipboard API when it works', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await copyText('Lt031410!')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('Lt031410!');
  });

  it("falls back to a hidden textarea and execCommand('copy') when the clipboard refuses, and removes the textarea", async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    let copied = '';
    const exec = vi.fn(() => {
      copied = (document.activeElement as HTMLTextAreaElement | null)?.value ?? document.querySelector('textarea')?.value ?? '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    expect(await copyText('LtMMDDYY!')).toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(copied).toBe('LtMMDDYY!');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
