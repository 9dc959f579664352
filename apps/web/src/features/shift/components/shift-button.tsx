import { PlayCircleOutlined, PoweroffOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useShift } from '../api/get-shift';
import { useToggleShift } from '../api/toggle-shift';
import { ShiftText } from '../texts';

interface ShiftButtonProps {
  /** Called when a shift has just ended (ending a shift leaves every search queue). */
  onEnded?: () => void;
  /** An order is in hand: ending the shift gives it back to the queue, so the designer is asked first. */
  holdingOrder?: boolean;
}

const timeOfDay = (iso: string) =>
  new Date(iso).toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' });

/**
 * The top bar's shift toggle (back office sections 2 and 4), for anyone in the back office; only
 * designers' shifts count against the overload notice. Its errors are only logged, as the specification asks.
 */
export function ShiftButton({ onEnded, holdingOrder = false }: ShiftButtonProps) {
  const { modal } = App.useApp();
  const shift = useShift();
  const toggle = useToggleShift();
  const startDate = shift.data?.startDate ?? null;

  useEffect(() => {
    if (shift.isError) console.error('Loading the shift failed', shift.error);
  }, [shift.isError, shift.error]);

  const toggleNow = () =>
    toggle.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.startDate === null) onEnded?.();
      },
      onError: (error) => console.error('Toggling the shift failed', error),
    });
  const onClick = () => {
    if (!startDate || !holdingOrder) return toggleNow();
    void modal.confirm({
      title: ShiftText.endWithOrderTitle,
      content: ShiftText.endWithOrderContent,
      okText: ShiftText.endWithOrderConfirm,
      okButtonProps: { danger: true },
      cancelText: ShiftText.cancel,
      onOk: toggleNow,
    });
  };

  const button = (
    <Button
      type={startDate ? 'default' : 'primary'}
      danger={Boolean(startDate)}
      icon={startDate ? <PoweroffOutlined aria-hidden /> : <PlayCircleOutlined aria-hidden />}
      disabled={shift.isPending}
      loading={toggle.isPending}
      onClick={onClick}
    >
      {startDate ? ShiftText.end : ShiftText.start}
    </Button>
  );
  return startDate ? (
    <Tooltip title={ShiftText.onShiftSince(timeOfDay(startDate))}>{button}</Tooltip>
  ) : (
    button
  );
}
