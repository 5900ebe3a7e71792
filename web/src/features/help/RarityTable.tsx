import { useTheme } from 'styled-components';
import { RARITIES, type Rarity } from '@pog/common';
import { RarityName, Table } from './guideStyles';

/** One row per rarity, lowest to highest, with the value the caption names. */
export function RarityTable({ caption, column, value }: { caption: string; column: string; value: (rarity: Rarity) => string }) {
  const theme = useTheme();
  return (
    <Table>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Rarity</th>
          <th scope="col">{column}</th>
        </tr>
      </thead>
      <tbody>
        {RARITIES.map((rarity) => (
          <tr key={rarity}>
            <td>
              <RarityName $color={theme.colors.rarity[rarity]}>{rarity}</RarityName>
            </td>
            <td>{value(rarity)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
