import { OrderText } from '@retouch/shared/orders';
import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ExecutionTimer } from './execution-timer';

describe('ExecutionTimer', () => {
  it("counts down the order's minutes and says 'Time is up' at the end", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    render(
      <App>
        <ExecutionTimer minutes={1} />
      </App>,
    );
    expect(screen.getByText('00:01:00')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByText('00:00:30')).toBeInTheDocument();
    expect(screen.queryByText(OrderText.timeIsUp)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(screen.getByText('00:00:00')).toBeInTheDocument();
    expect(screen.getByText(OrderText.timeIsUp)).toBeInTheDocument();
  });
});
