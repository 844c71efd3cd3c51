import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Link } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HeaderMenu } from './HeaderMenu';

function renderMenu() {
  render(
    <MemoryRouter initialEntries={['/plan']}>
      <HeaderMenu>
        <nav aria-label="Menu">
          <Link to="/plan">Academic Plan</Link>
          <Link to="/pathways">Pathways</Link>
        </nav>
      </HeaderMenu>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'Menu' });
}

describe('HeaderMenu', () => {
  it('is a disclosure: opening moves focus to the first item, Escape closes and returns focus to the button', () => {
    const button = renderMenu();
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Academic Plan' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('closes when a page is chosen and when the pointer goes down outside it', () => {
    const button = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('link', { name: 'Pathways' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    fireEvent.mouseDown(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
