import { CheckOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useApproveResult } from '../api/approve-result';
import { useDecisionOutcome } from '../hooks/use-decision-outcome';
import { ModeratorText } from '../texts';
import { FixEditor } from './fix-editor';

/** A designer's result (condition 2): approve it, or mark it up and send it back with a comment. */
export function ResultDecision({ resultPicture }: { resultPicture: string | null }) {
  const approve = useApproveResult();
  const outcome = useDecisionOutcome();
  const [fixing, setFixing] = useState(false);

  return (
    <Flex gap="small" wrap>
      <Button
        type="primary"
        icon={<CheckOutlined aria-hidden />}
        loading={approve.isPending}
        onClick={() => void outcome(approve.mutateAsync())}
      >
        {ModeratorText.approve}
      </Button>
      <Button icon={<EditOutlined aria-hidden />} disabled={!resultPicture} onClick={() => setFixing(true)}>
        {ModeratorText.fix}
      </Button>
      {fixing && resultPicture && <FixEditor picture={resultPicture} onClose={() => setFixing(false)} />}
    </Flex>
  );
}
