import { Flex, Modal, Progress, Typography } from 'antd';
import { useFocusReturn } from '../hooks/use-focus-return';
import type { OrderSummary, PersonSummary } from '../model/order-summary';
import { EditorText } from '../texts';

interface ConfirmSendModalProps {
  summary: OrderSummary;
  /** The upload's percentage while sending, null before. */
  progress: number | null;
  onSend: () => void;
  onClose: () => void;
}

/** The last step before sending: every person's services with their costs, the total and the time. */
export function ConfirmSendModal({ summary, progress, onSend, onClose }: ConfirmSendModalProps) {
  useFocusReturn();
  const sending = progress !== null;
  return (
    <Modal
      open
      title={EditorText.confirmTitle}
      okText={EditorText.confirmSend}
      cancelText={EditorText.cancel}
      onOk={onSend}
      onCancel={onClose}
      confirmLoading={sending}
      cancelButtonProps={{ disabled: sending }}
      closable={!sending}
      keyboard={!sending}
      mask={{ closable: !sending }}
    >
      <Flex vertical gap="small" role="region" aria-label={EditorText.summary} style={{ marginBottom: 16 }}>
        {summary.persons.map((person) => (
          <PersonLines key={person.name} person={person} />
        ))}
      </Flex>
      <Typography.Paragraph strong>{EditorText.confirmTotal(summary.cost)}</Typography.Paragraph>
      <Typography.Paragraph>{EditorText.confirmTime(summary.minutes)}</Typography.Paragraph>
      {sending && <Progress percent={progress} aria-label={EditorText.sending} data-testid="send-progress" />}
    </Modal>
  );
}

/** One person: the name and cost, then each service with its option's service or degrees, and its cost. */
function PersonLines({ person }: { person: PersonSummary }) {
  return (
    <div role="group" aria-label={person.name}>
      <Flex justify="space-between" gap="small">
        <Typography.Text strong>{person.name}</Typography.Text>
        <Typography.Text strong>{EditorText.coins(person.cost)}</Typography.Text>
      </Flex>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {person.lines.map((line) => {
          const detail = line.optionOf ? EditorText.optionOf(line.optionOf) : line.degrees.join(', ');
          return (
            <li key={line.key}>
              <Flex justify="space-between" gap="small">
                <Flex gap={8} wrap>
                  <Typography.Text>{line.title}</Typography.Text>
                  {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
                </Flex>
                <Typography.Text>{EditorText.coins(line.cost)}</Typography.Text>
              </Flex>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
