/** A blog post at /blog-page/{id} (platform §2, §3): title, subtitle, date, author, image and the HTML body. */
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { toId } from '@planner/shared';
import { BlogDocument } from '../../graphql/generated';
import { formatBlogDate } from '../landing/LandingPage';
import '../landing/landing.css';
import { useT } from '../../i18n';

export default function BlogPostPage() {
  const t = useT();
  const { id } = useParams();
  // The route's id as a GraphQL Int, or null when it cannot name a post.
  const blogId = toId(id);
  const { data, loading, error } = useQuery(BlogDocument, { variables: { id: blogId ?? 0 }, skip: blogId === null });

  useEffect(() => {
    if (error) console.error('Failed to load the blog post', error);
  }, [error]);

  const blog = data?.blog;
  let content;
  if (blog) {
    content = (
      <article>
        <h1>{blog.title}</h1>
        {blog.subtitle && <p className="subtitle">{blog.subtitle}</p>}
        <p className="byline muted">
          {blog.author && (
            <>
              {t('blog.by')} {blog.author} ·{' '}
            </>
          )}
          <time dateTime={blog.date}>{formatBlogDate(blog.date)}</time>
        </p>
        {/* Decorative: the heading above names the article. */}
        {blog.image && <img className="hero-image" src={blog.image} alt="" />}
        {/*
          The body is HTML written by staff and stored on the server, so it is rendered as is.
          The Content-Security-Policy (script-src 'self') also blocks inline scripts and event handlers in it.
        */}
        <div className="blog-body" dangerouslySetInnerHTML={{ __html: blog.body }} />
      </article>
    );
  } else if (blogId === null || error) {
    content = (
      <p className="alert alert-danger" role="alert">
        {t('blog.blogPostError')}
      </p>
    );
  } else if (loading) {
    content = <p role="status">{t('common.loading')}</p>;
  }

  return <main className="page blog-post">{content}</main>;
}
