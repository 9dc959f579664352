import { SearchOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Statistic, Tag, Typography } from 'antd';
import { useDesignerCabinet } from '../hooks/use-designer-cabinet';
import { DesignerText } from '../texts';

/** Idle: go on duty. Searching: a spinner and the cancel button. Working: the countdown. */
export function DutyControls() {
  const cabinet = useDesignerCabinet();

  if (cabinet.phase === 'working') {
    return (
      <Flex vertical gap="small" align="start">
        <Tag color="processing">{DesignerText.inWork}</Tag>
        <Statistic.Timer
          type="countdown"
          title={DesignerText.timeLeft}
          value={cabinet.deadline}
          format="HH:mm:ss"
        />
      </Flex>
    );
  }

  if (cabinet.phase === 'searching') {
    return (
      <Flex align="center" gap="middle" wrap role="status">
        <Spin />
        <Typography.Text>{DesignerText.searching}</Typography.Text>
        <Button icon={<StopOutlined aria-hidden />} onClick={cabinet.cancelSearch}>
          {DesignerText.cancelSearch}
        </Button>
      </Flex>
    );
  }

  return (
    <Flex vertical gap="small" align="start">
      <Typography.Text type="secondary">{DesignerText.idleHint}</Typography.Text>
      <Button
        type="primary"
        icon={<SearchOutlined aria-hidden />}
        disabled={!cabinet.online}
        onClick={cabinet.goOnDuty}
      >
        {DesignerText.goOnDuty}
      </Button>
    </Flex>
  );
}
