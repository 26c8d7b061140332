import { CATEGORY_LABEL } from '@crawlwise/shared/category-labels';
import type { CategoryDelta } from './api/get-comparison.ts';
import { Delta } from './delta.tsx';

/** Each category's kept share before and after, with the change. */
export function CategoryDeltas({ categories }: { categories: readonly CategoryDelta[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Category scores before and after</caption>
      <thead className="text-slate-700">
        <tr>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Category
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-semibold">
            Before
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-semibold">
            After
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Change
          </th>
        </tr>
      </thead>
      <tbody>
        {categories.map((category) => (
          <tr key={category.id} className="border-t border-slate-200" data-category={category.id}>
            <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
              {CATEGORY_LABEL[category.id]}
            </th>
            <td className="py-2 pr-3 text-right text-slate-900">{category.before ?? '–'}</td>
            <td className="py-2 pr-3 text-right text-slate-900">{category.after ?? '–'}</td>
            <td className="py-2 text-right">
              <Delta value={category.delta} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
