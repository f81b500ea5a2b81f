// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchBar } from './search-bar';

// The root's react-i18next and lucide-react would load the root's older React under vitest.
// The bar's words load with it (its folder's strings.ts sets up i18next): the plugin is a no-op here.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string) => key }),
  initReactI18next: { type: '3rdParty', init: () => {} },
}));
vi.mock('lucide-react', () => ({ Search: () => null, X: () => null }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchBar (spec 000 section 9: "Search bar debounce 750 ms")', () => {
  it('reports the text 750 ms after the last keystroke, once', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBar onSearch={onSearch} placeholder="Search people" />);
    const input = screen.getByLabelText('Search people');
    fireEvent.change(input, { target: { value: 'wi' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.change(input, { target: { value: 'will' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(SEARCH_DEBOUNCE_MS).toBe(750);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('will');
  });
});
