// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';
import { Switch } from './switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

// The root's react-i18next and lucide-react would load the root's older React under vitest.
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('lucide-react', () => ({ XIcon: () => null, CheckIcon: () => null, MinusIcon: () => null }));
afterEach(cleanup);

describe('the shadcn-style components on radix-ui', () => {
  it('a Switch is a labelled role="switch" that reports each change', () => {
    const onChange = vi.fn();
    render(
      <>
        <label htmlFor="compact">Compact menus</label>
        <Switch id="compact" onCheckedChange={onChange} />
      </>,
    );
    const control = screen.getByRole('switch', { name: 'Compact menus' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(control);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(control.getAttribute('aria-checked')).toBe('true');
  });

  it('a Checkbox can show a partly selected list and cannot be changed when disabled', () => {
    const onChange = vi.fn();
    render(<Checkbox aria-label="All" checked="indeterminate" disabled onCheckedChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'All' });
    expect(box.getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(box);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Tabs show one panel at a time and move with the pointer', () => {
    render(
      <Tabs defaultValue="active">
        <TabsList>
          <TabsTrigger value="active">Active</TabsTrigger>
          <TabsTrigger value="quote">Quote</TabsTrigger>
        </TabsList>
        <TabsContent value="active">Active rounds</TabsContent>
        <TabsContent value="quote">Quote rounds</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('Active rounds');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Quote' }), { button: 0 });
    expect(screen.getByRole('tab', { name: 'Quote' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Quote rounds');
  });
});
