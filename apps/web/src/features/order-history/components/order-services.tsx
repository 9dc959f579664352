import type { HistoryEntry } from '@retouch/shared/orders';
import { Flex, Image, Typography } from 'antd';
import { CoinAmount } from '@/components/coin-amount';
import type { HistoryOrder } from '../api/get-user-orders';
import { OrderHistoryText } from '../texts';
import { entriesByService } from '../utils/entries-by-service';

const SERVICE_PICTURE_SIZE = 32;
const OPTION_INDENT = SERVICE_PICTURE_SIZE + 8;

/** The services chosen per person: the person, then each service's picture, title and cost, its options under it. */
export function OrderServices({ persons }: { persons: HistoryOrder['persons'] }) {
  return (
    <Flex vertical gap="small">
      {persons.map((person) => (
        <div key={person.id}>
          <Typography.Text strong>{person.id}</Typography.Text>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entriesByService(person.orders).map(({ entry, options }, index) => (
              <li key={`${entry._id}-${index}`}>
                <EntryLine entry={entry} />
                {options.length > 0 && (
                  <ul style={{ listStyle: 'none', margin: 0, paddingInlineStart: OPTION_INDENT }}>
                    {options.map((option, optionIndex) => (
                      <li key={`${option._id}-${optionIndex}`}>
                        <EntryLine entry={option} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Flex>
  );
}

function EntryLine({ entry }: { entry: HistoryEntry }) {
  return (
    <Flex gap="small" align="center">
      <Image
        src={entry.picture}
        alt={OrderHistoryText.serviceAlt(entry.title.user)}
        width={SERVICE_PICTURE_SIZE}
        height={SERVICE_PICTURE_SIZE}
        preview={false}
      />
      <span>{entry.title.user}</span>
      <CoinAmount amount={entry.cost} secondary />
    </Flex>
  );
}
