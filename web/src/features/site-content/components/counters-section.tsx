import { type Entry } from '@contracts/content';
import { Container } from '../../../components/ui/page';
import { field } from '../api/get-content';
import './counters-section.css';

const COUNTERS = ['yearofExperience', 'projectComplete', 'happyClients', 'team', 'winingAward'];

/** The agency in numbers: years, projects, clients, team and (when given) awards. */
export function CountersSection({ counters }: { counters: Entry }) {
  const items = COUNTERS.map((name) => ({
    name,
    number: field(counters, `${name}Number`),
    text: field(counters, `${name}Text`),
  })).filter((item) => item.number);

  if (items.length === 0) return null;
  return (
    <section className="stats-band" aria-labelledby="stats-band-heading">
      <h2 id="stats-band-heading" className="visually-hidden">
        Our track record
      </h2>
      <Container>
        <ul className="stats-band__list" data-count={items.length}>
          {items.map((item) => (
            <li key={item.name} className="stats-band__item">
              <span className="stats-band__number">{item.number}</span>
              {item.text && <span className="stats-band__text">{item.text}</span>}
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
