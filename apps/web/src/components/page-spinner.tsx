import { Flex, Spin } from 'antd';

/** A centred spinner for a page whose data is loading. */
export function PageSpinner() {
  return (
    <Flex justify="center" align="center" style={{ padding: 48 }}>
      <Spin size="large" />
    </Flex>
  );
}
