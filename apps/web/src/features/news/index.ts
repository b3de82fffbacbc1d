// What other features use of news: the feed of the signed-in user (the home page shows it).
export { NewsFeed } from './components/news-feed';
