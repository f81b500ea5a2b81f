// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobList, type RoundRow } from './job-list';

// The root's react-i18next and lucide-react would load the root's older React under vitest.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, p?: { name?: string }) => (p?.name ? `${key} ${p.name}` : key) }),
}));
// With `t` mocked the area's words are not needed (and i18next is not set up).
vi.mock('./strings.ts', () => ({}));
vi.mock('lucide-react', () => ({
  ArrowDown: () => null,
  ArrowUp: () => null,
  GripVertical: () => null,
  UserRound: () => null,
}));
afterEach(cleanup);

const row = (id: string, name: string): RoundRow =>
  ({
    job: { _id: id, customerId: `C${id}`, price: 10, location: { addressDescription: `${id} Road` } },
    customer: { name, address: { addressDescription: '' } },
  }) as unknown as RoundRow;
const rows = [row('1', 'Ann'), row('2', 'Bob'), row('3', 'Cat')];

function renderList(onReorder = vi.fn()) {
  render(
    <JobList rows={rows} money={(n) => `£${n}`} canReorder onReorder={onReorder} onViewCustomer={() => {}} />,
  );
  return onReorder;
}

describe('the round dialog job list', () => {
  it('moves a job down and up with the buttons (keyboard reachable)', () => {
    const onReorder = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'rounds.move-down Ann' }));
    expect(onReorder).toHaveBeenLastCalledWith(['2', '1', '3']);
    fireEvent.click(screen.getByRole('button', { name: 'rounds.move-up Cat' }));
    expect(onReorder).toHaveBeenLastCalledWith(['1', '3', '2']);
    expect(screen.getByRole('button', { name: 'rounds.move-up Ann' })).toHaveProperty('disabled', true);
  });

  it('drags a job by its handle below the row the pointer is released over', () => {
    const onReorder = renderList();
    // Rows 40 px high, from the top: Ann 0-40, Bob 40-80, Cat 80-120.
    const items = document.querySelectorAll<HTMLElement>('[data-row]');
    items.forEach((el, i) => {
      el.getBoundingClientRect = () => ({ top: i * 40, height: 40, bottom: i * 40 + 40 }) as DOMRect;
    });
    const handle = screen.getByRole('button', { name: 'rounds.drag-to-reorder Ann' });
    handle.setPointerCapture = () => {};
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, pointerType: 'mouse', clientY: 20 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 110 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 110 });
    expect(onReorder).toHaveBeenCalledWith(['2', '3', '1']);
  });

  it('a drop where it started changes nothing', () => {
    const onReorder = renderList();
    const handle = screen.getByRole('button', { name: 'rounds.drag-to-reorder Bob' });
    handle.setPointerCapture = () => {};
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, pointerType: 'mouse', clientY: 60 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 60 });
    expect(onReorder).not.toHaveBeenCalled();
  });
});
