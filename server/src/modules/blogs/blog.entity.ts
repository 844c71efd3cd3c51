import { Field, Int, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@ObjectType({ description: 'An article shown on the landing page and at /blog-page/{id}' })
@Entity('blogs')
export class Blog {
  @Field(() => Int, { description: 'Numeric identifier.' })
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Field(() => String, { description: 'Title, as shown to people.' })
  @Column({ type: 'text' })
  title: string;

  @Field(() => String, { description: 'Subtitle.' })
  @Column({ type: 'text', default: '' })
  subtitle: string;

  @Field(() => String, { description: 'Image address (relative to the app or absolute)' })
  @Column({ type: 'text', default: '' })
  image: string;

  @Field(() => String, { description: 'Publication date, YYYY-MM-DD' })
  @Column({ type: 'date' })
  date: string;

  @Field(() => String, { description: 'Author.' })
  @Column({ type: 'text', default: '' })
  author: string;

  @Field(() => String, { description: 'HTML body, written by staff' })
  @Column({ type: 'text', default: '' })
  body: string;
}
